package dev.stratus.policy;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which history a market's decision table is learnt from on a given day. Each day the market's
 * {@link LifetimeModel} is fitted again on its history up to the day's start, but it replaces the
 * day before's reference only when it disagrees with it beyond chance ({@link
 * LifetimeModel#agreesWith}): a market whose availability behaves as it did keeps its solved table,
 * and one that changes gets a new one the day the change shows. Early days move the estimates a
 * lot, so they change the reference often; once the history is long, a day only changes it if the
 * market really changed.
 *
 * <p>The reference is a pure function of the histories (walked day by day from their first): the
 * same histories give the same reference whatever was asked before. The memo only saves work, so
 * decisions do not depend on the order jobs are decided in.
 */
final class ModelEpochs {
  /** How far, in standard errors, a day's estimate may sit from the reference's. */
  static final double AGREEMENT_Z = 4;

  private static final int MEMO_LIMIT = 100_000;

  /** The history up to {@code cut}, {@code observed} runs per location, fitted as {@code model}. */
  record Reference(Instant cut, List<Integer> observed, LifetimeModel model) {}

  private record Day(
      List<String> locations,
      Duration interval,
      boolean pooled,
      Instant cut,
      List<Integer> observed) {}

  private final ConcurrentHashMap<Day, Reference> memo = new ConcurrentHashMap<>();

  /**
   * The reference for the day starting at {@code cut} (a UTC midnight), its models learnt in steps
   * of {@code interval}; {@code pooled}: from the history pooled over those steps ({@link
   * AvailabilityHistory#pooled}).
   */
  Reference at(
      List<String> locations,
      List<AvailabilityHistory> histories,
      Instant cut,
      Duration interval,
      boolean pooled) {
    Reference known = memo.get(day(locations, histories, cut, interval, pooled));
    if (known != null) {
      return known;
    }
    Instant first = first(histories);
    Instant day = first == null || !first.isBefore(cut) ? cut : first.truncatedTo(ChronoUnit.DAYS);
    Reference ref = null;
    while (true) {
      Day key = day(locations, histories, day, interval, pooled);
      known = memo.get(key);
      if (known == null) {
        known = next(ref, key, histories);
        SolverWork.modelRefitted();
        if (memo.size() > MEMO_LIMIT) {
          memo.clear();
        }
        memo.put(key, known);
      }
      ref = known;
      if (!day.isBefore(cut)) {
        return ref;
      }
      day = day.plus(1, ChronoUnit.DAYS);
    }
  }

  private static Day day(
      List<String> locations,
      List<AvailabilityHistory> histories,
      Instant cut,
      Duration interval,
      boolean pooled) {
    return new Day(
        locations, interval, pooled, cut, histories.stream().map(h -> h.upTo(cut).runs()).toList());
  }

  private static Reference next(Reference previous, Day key, List<AvailabilityHistory> histories) {
    List<AvailabilityHistory> upTo = histories.stream().map(h -> h.upTo(key.cut())).toList();
    AvailabilityHistory union = AvailabilityHistory.union(upTo);
    LifetimeModel model =
        LifetimeModel.fit(key.pooled() ? union.pooled(key.interval()) : union, key.interval());
    if (previous != null && model.agreesWith(previous.model(), AGREEMENT_Z)) {
      return previous;
    }
    return new Reference(key.cut(), key.observed(), model);
  }

  private static Instant first(List<AvailabilityHistory> histories) {
    return histories.stream()
        .filter(h -> !h.isEmpty())
        .map(h -> h.runStart(0))
        .min(Instant::compareTo)
        .orElse(null);
  }
}
