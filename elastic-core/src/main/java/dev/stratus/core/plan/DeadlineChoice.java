package dev.stratus.core.plan;

import dev.stratus.core.model.CapacityType;
import dev.stratus.core.model.Offering;
import dev.stratus.core.model.OfferingKey;
import dev.stratus.core.model.Pool;
import dev.stratus.core.policy.DeadlineJob;
import dev.stratus.core.policy.DeadlinePolicy;
import dev.stratus.core.policy.Decision;
import dev.stratus.core.policy.DecisionInput;
import dev.stratus.core.policy.LocationView;
import dev.stratus.core.policy.Observation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The deadline step of a launch (pure): for a job with a deadline, asks the policy whether it runs
 * on spot or on-demand now, from what the snapshot knows (each offering's availability history and
 * whether it is usable now, the job's work left and deadline), and orders or filters the launch
 * candidates by the answer. Spot at X: only spot offerings, X first; if none has capacity the nodes
 * go DOWN, Slurm requeues the job, and the next resume asks the policy again, now knowing those
 * offerings failed (rather than falling back to on-demand the policy did not choose). On-demand:
 * only on-demand offerings, the policy's first. Wait: only spot offerings, none when none is usable
 * (the nodes go DOWN with the policy's reason; again the next resume asks). A job without a
 * deadline, or a pool whose spot policy leaves no choice, keeps its candidates.
 */
final class DeadlineChoice {
  private DeadlineChoice() {}

  /** The candidates to try, and the decision's reason (empty when nothing was decided). */
  record Result(List<Offering> candidates, Optional<String> reason) {}

  static Result apply(Snapshot s, Pool pool, long job, List<Offering> candidates) {
    DeadlineContext ctx = s.deadlines();
    Optional<JobDeadline> deadline = ctx.of(job);
    if (deadline.isEmpty() || candidates.isEmpty()) {
      return new Result(candidates, Optional.empty());
    }
    boolean anySpot = candidates.stream().anyMatch(DeadlineChoice::spot);
    boolean anyOnDemand = candidates.stream().anyMatch(o -> !spot(o));
    List<LocationView> locations = locations(s, pool, candidates);
    if (locations.isEmpty() || !anyOnDemand && !anySpot) {
      return new Result(candidates, Optional.empty());
    }
    JobDeadline d = deadline.get();
    String head = "deadline " + d.deadline() + ", " + hours(d.left()) + " h of work left: ";
    if (!d.deadline().isAfter(s.now()) || !d.deadline().isAfter(d.start())) {
      return onDemand(candidates, Optional.empty(), head + "the deadline has passed; on-demand");
    }
    DeadlinePolicy policy = ctx.policy().orElseThrow();
    Decision decision =
        policy.decide(
            new DecisionInput(
                s.now(),
                ctx.interval(),
                new DeadlineJob(d.start(), d.deadline(), d.work(), d.left(), ctx.changeover()),
                Optional.empty(),
                locations));
    String why = head + policy.name() + ": " + decision.reason();
    if (decision instanceof Decision.RunSpot spot) {
      return spotFirst(candidates, spot.location(), why);
    }
    if (decision instanceof Decision.RunOnDemand od) {
      return onDemand(candidates, Optional.of(od.location()), why);
    }
    return new Result(candidates.stream().filter(DeadlineChoice::spot).toList(), Optional.of(why));
  }

  private static Result spotFirst(List<Offering> candidates, String location, String why) {
    List<Offering> out = new ArrayList<>();
    candidates.stream()
        .filter(o -> spot(o) && locationOf(o.key()).equals(location))
        .forEach(out::add);
    candidates.stream().filter(o -> spot(o) && !out.contains(o)).forEach(out::add);
    return new Result(out, Optional.of(why + "; spot only"));
  }

  private static Result onDemand(List<Offering> candidates, Optional<String> location, String why) {
    List<Offering> onDemand =
        candidates.stream()
            .filter(o -> !spot(o))
            .sorted(
                Comparator.comparing(
                    (Offering o) -> !location.map(locationOf(o.key())::equals).orElse(false)))
            .toList();
    if (onDemand.isEmpty()) {
      return new Result(candidates, Optional.of(why + "; no on-demand offering is usable, spot"));
    }
    return new Result(onDemand, Optional.of(why + "; on-demand only"));
  }

  /**
   * One location per place the pool sells spot (provider, region, zone, type), with the spot and
   * on-demand prices there (the pool's cheapest on-demand where the place sells none). Spot is
   * usable there when its offering is a candidate now (probing included), unavailable else.
   */
  private static List<LocationView> locations(Snapshot s, Pool pool, List<Offering> candidates) {
    Optional<Double> cheapestOnDemand =
        pool.offerings().stream()
            .filter(o -> !spot(o))
            .map(o -> o.pricePerHour().doubleValue())
            .min(Double::compare);
    if (cheapestOnDemand.isEmpty()) {
      return List.of();
    }
    Map<String, Double> onDemandAt = new LinkedHashMap<>();
    pool.offerings().stream()
        .filter(o -> !spot(o))
        .forEach(o -> onDemandAt.putIfAbsent(locationOf(o.key()), o.pricePerHour().doubleValue()));
    Map<String, LocationView> views = new LinkedHashMap<>();
    for (Offering o : pool.offerings()) {
      String at = locationOf(o.key());
      if (!spot(o) || views.containsKey(at)) {
        continue;
      }
      // A probing offering is one the planner would try: to the policy it is usable, and its
      // history says how far to trust it.
      Observation now = candidates.contains(o) ? Observation.AVAILABLE : Observation.UNAVAILABLE;
      views.put(
          at,
          new LocationView(
              at,
              o.pricePerHour().doubleValue(),
              onDemandAt.getOrDefault(at, cheapestOnDemand.get()),
              now,
              s.deadlines().historyOf(o.key()).upTo(s.now())));
    }
    return List.copyOf(views.values());
  }

  /** The place an offering sells capacity, whatever its capacity type. */
  static String locationOf(OfferingKey key) {
    return key.provider()
        + "/"
        + key.region()
        + (key.zone().isEmpty() ? "" : "/" + key.zone())
        + "/"
        + key.instanceType();
  }

  private static boolean spot(Offering o) {
    return o.capacityType() == CapacityType.SPOT;
  }

  private static String hours(Duration d) {
    return String.format(java.util.Locale.ROOT, "%.1f", d.toSeconds() / 3600.0);
  }
}
