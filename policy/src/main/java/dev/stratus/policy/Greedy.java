package dev.stratus.policy;

/**
 * Can't Be Late's greedy baseline: spot whenever it is usable (the instance it has, else the
 * cheapest offering with spot), nothing otherwise, and on-demand once the Safety Net says so.
 */
public final class Greedy implements DeadlinePolicy {
  @Override
  public String name() {
    return "greedy";
  }

  @Override
  public Decision decide(DecisionInput in) {
    if (in.job().done()) {
      return Decision.waiting("the job's work is done");
    }
    Schedule s = Schedule.of(in);
    Decision proposed =
        SpotChoice.stickyCheapest(in)
            .map(l -> Decision.spot(l, "spot is available"))
            .orElseGet(() -> Decision.waiting("no spot; waiting"));
    return SafetyNet.apply(in, s, WindowedCapacity.choose(in, s, proposed));
  }
}
