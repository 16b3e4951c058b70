package dev.stratus.core.plan;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.policy.DeadlineJob;
import dev.stratus.policy.Decision;
import dev.stratus.policy.DecisionInput;
import dev.stratus.policy.Explanation;
import dev.stratus.policy.Figures;
import dev.stratus.policy.LocationView;
import dev.stratus.policy.Observation;
import dev.stratus.policy.Placement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Asks the deadline policy about one job of one pool (pure), for a launch ({@link DeadlineChoice})
 * and for a running job ({@link DeadlineMoves}) alike, so both read the same question: the places
 * the pool sells spot, whether each is usable now, their histories, the job's work left and its
 * deadline, and where it runs now.
 */
final class DeadlineAsk {
  private DeadlineAsk() {}

  /**
   * The policy's decision, its reason headed by the job's deadline and work left, and the policy's
   * explanation of it on demand (empty when the policy was not asked).
   */
  record Asked(Decision decision, String why, Supplier<Optional<Explanation>> explain) {}

  /**
   * Empty when the pool sells no on-demand (there is nothing to choose) or no spot. A deadline that
   * has passed is answered on-demand without asking.
   */
  static Optional<Asked> ask(
      Snapshot s, Pool pool, JobDeadline d, List<Offering> usable, Optional<Placement> running) {
    List<LocationView> locations = locations(s, pool, usable);
    if (locations.isEmpty()) {
      return Optional.empty();
    }
    String head = "deadline " + d.deadline() + ", " + human(d.left()) + " of work left: ";
    DeadlineContext ctx = s.money().deadlines();
    if (!d.deadline().isAfter(s.now()) || !d.deadline().isAfter(d.start())) {
      String od = running.filter(p -> !p.onSpot()).map(Placement::location).orElse("");
      return Optional.of(
          new Asked(
              Decision.onDemand(od, "the deadline has passed"),
              head + "the deadline has passed",
              Optional::empty));
    }
    var policy = ctx.policy().orElseThrow();
    var input =
        new DecisionInput(
            s.now(),
            ctx.interval(),
            new DeadlineJob(d.start(), d.deadline(), d.work(), d.left(), ctx.changeover()),
            running.filter(
                p -> locations.stream().anyMatch(l -> l.location().equals(p.location()))),
            locations);
    Decision decision = policy.decide(input);
    return Optional.of(
        new Asked(
            decision,
            head + policy.name() + ": " + decision.reason(),
            () -> Optional.of(policy.explain(input))));
  }

  /**
   * One location per place the pool sells spot (provider, region, zone, type), with the spot and
   * on-demand prices there (the pool's cheapest on-demand where the place sells none). Spot is
   * usable there when its offering is usable now (probing included), unavailable else.
   */
  static List<LocationView> locations(Snapshot s, Pool pool, List<Offering> usable) {
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
      Observation now = usable.contains(o) ? Observation.AVAILABLE : Observation.UNAVAILABLE;
      views.put(
          at,
          new LocationView(
              at,
              o.pricePerHour().doubleValue(),
              onDemandAt.getOrDefault(at, cheapestOnDemand.get()),
              now,
              s.money().deadlines().historyOf(o.key()).upTo(s.now())));
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

  static boolean spot(Offering o) {
    return o.capacityType() == CapacityType.SPOT;
  }

  /** Hours from an hour up, else minutes, else seconds: "20.0 h", "2.5 min", "40 s". */
  static String human(Duration d) {
    long s = d.toSeconds();
    if (s >= 3600) {
      return Figures.decimals(s / 3600.0, 1) + " h";
    }
    return s >= 60 ? Figures.decimals(s / 60.0, 1) + " min" : s + " s";
  }
}
