package dev.stratus.policy;

import java.time.Duration;
import java.util.Optional;

/**
 * Flex-start: discounted capacity granted from a queue, then ended after its maximum run.
 *
 * <ol>
 *   <li>On a granted flex instance: stay while it has an interval to give before its end (less the
 *       margin).
 *   <li>A job that runs nothing (idle, reclaimed, or waiting in a flex queue) asks for (or keeps
 *       its request at) the cheapest flex offer that is cheaper than what the policy would run (the
 *       chosen spot or on-demand price; for a wait, the cheapest spot price), on which its work
 *       plus a changeover fits within the maximum run less the margin, and which is granted, by the
 *       queue-time distribution, with a chance of at least {@link #MIN_CHANCE} before the Safety
 *       Net would send the idle job to on-demand. When that chance falls below it, the request is
 *       withdrawn and the policy's own choice runs: the fallback keeps the deadline.
 * </ol>
 */
final class FlexRule {
  static final double MIN_CHANCE = 0.5;

  private FlexRule() {}

  static Optional<Decision> choose(DecisionInput in, Schedule s, Decision proposed) {
    if (in.runningFlex().isPresent() && Windows.continues(in, s)) {
      return Optional.of(
          Windows.keep(in, "flex-start " + in.runningFlex().get().id() + ": granted, running"));
    }
    if (s.current() != Schedule.Current.NONE) {
      return Optional.empty();
    }
    double g = s.interval();
    long budget = s.ticksLeft() - s.ticksFor(s.workLeft() + 2 * s.changeover());
    if (budget <= 0) {
      return Optional.empty();
    }
    double alternative = priceOf(in, proposed);
    FlexView best = null;
    double bestChance = 0;
    for (FlexView f : in.flex()) {
      long run = Windows.ticksBefore(in.now().plus(f.maxRun()), in.now(), s);
      Duration waited =
          f.requestedAt().map(r -> Duration.between(r, in.now())).orElse(Duration.ZERO);
      double chance =
          f.queue().chanceWithin(waited, Duration.ofMillis(Math.round(budget * g * 1000)));
      if (f.pricePerHour() < alternative
          && s.ticksFor(s.changeover() + s.workLeft()) <= run
          && chance >= MIN_CHANCE
          && (best == null || f.pricePerHour() < best.pricePerHour())) {
        best = f;
        bestChance = chance;
      }
    }
    if (best == null) {
      return Optional.empty();
    }
    String what = best.requestedAt().isPresent() ? "waiting in the queue" : "requesting";
    return Optional.of(
        Decision.flex(
            best.id(),
            "flex-start "
                + best.id()
                + ": "
                + what
                + " at $"
                + Figures.decimals(best.pricePerHour(), 2)
                + "/h, "
                + Math.round(bestChance * 100)
                + "% likely granted within "
                + Windows.hours(budget * g)));
  }

  /** What the policy's own choice would pay per hour; for a wait, the spot it waits for. */
  private static double priceOf(DecisionInput in, Decision proposed) {
    if (proposed instanceof Decision.RunSpot spot) {
      return in.location(spot.location()).spotPricePerHour();
    }
    if (proposed instanceof Decision.RunOnDemand od) {
      return in.locations().stream()
          .filter(l -> l.location().equals(od.location()))
          .mapToDouble(LocationView::onDemandPricePerHour)
          .findFirst()
          .orElse(in.cheapestOnDemand().onDemandPricePerHour());
    }
    return in.locations().stream().mapToDouble(LocationView::spotPricePerHour).min().orElseThrow();
  }
}
