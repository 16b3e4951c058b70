package dev.stratus.policy;

import java.util.Optional;

/**
 * Can't Be Late's Uniform Progress (Wu et al., NSDI '24), with its hysteresis and Safety Net.
 * Expected progress ep(t) = t * C0 / R0 grows linearly from the job's start to its deadline.
 *
 * <ol>
 *   <li>Uniform progress: when idle and behind (cp(t) &lt; ep(t)), go on-demand.
 *   <li>Taking risks: take spot whenever it is usable, and stay on it until reclaimed.
 *   <li>Hysteresis: once on on-demand, stay there while spot is unusable or cp(t) &lt; ep(t + 2d),
 *       so one short spot life cannot cost two changeovers for nothing.
 *   <li>Safety net ({@link SafetyNet}).
 * </ol>
 *
 * Across many offerings, "spot" means the offering it is on, else the cheapest with spot.
 */
public final class UniformProgress implements DeadlinePolicy {
  @Override
  public String name() {
    return "uniform-progress";
  }

  @Override
  public Decision decide(DecisionInput in) {
    if (in.job().done()) {
      return Decision.waiting("the job's work is done");
    }
    Schedule s = Schedule.of(in);
    DeadlineJob job = in.job();
    double c0 = job.totalWork().toMillis() / 1000.0;
    double r0 = (job.deadline().toEpochMilli() - job.start().toEpochMilli()) / 1000.0;
    double t = (in.now().toEpochMilli() - job.start().toEpochMilli()) / 1000.0;
    double progress = c0 - s.workLeft();
    Optional<String> spot = SpotChoice.stickyCheapest(in);
    String od =
        in.onDemand().map(Placement::location).orElseGet(() -> in.cheapestOnDemand().location());

    Decision proposed =
        spot.map(l -> Decision.spot(l, "spot is available"))
            .orElseGet(() -> Decision.waiting("ahead of schedule; waiting"));
    if (progress < t * c0 / r0 && spot.isEmpty()) {
      proposed = Decision.onDemand(od, "behind schedule and no spot");
    }
    if (s.current() == Schedule.Current.ON_DEMAND
        && (spot.isEmpty() || (t + 2 * s.changeover()) * c0 / r0 - progress >= 0)) {
      proposed = Decision.onDemand(od, "hysteresis keeps on-demand");
    }
    return SafetyNet.apply(in, s, WindowedCapacity.choose(in, s, proposed));
  }
}
