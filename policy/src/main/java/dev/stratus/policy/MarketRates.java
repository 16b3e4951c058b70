package dev.stratus.policy;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each market's {@link MarketRate}, learnt from its history up to the start of the UTC day, as the
 * slack tables are; remembered per market and day, a pure function of the histories.
 */
final class MarketRates {
  private static final int MEMO_LIMIT = 10_000;

  private record Key(
      List<String> locations, Instant cut, List<Integer> observed, Duration interval, double co) {}

  private final ConcurrentHashMap<Key, Double> memo = new ConcurrentHashMap<>();

  double of(PriceTiers.Tier market, Instant now, Duration interval, double changeoverSeconds) {
    Instant cut = now.truncatedTo(ChronoUnit.DAYS);
    List<AvailabilityHistory> upTo = market.histories().stream().map(h -> h.upTo(cut)).toList();
    var key =
        new Key(
            market.offerings().stream().map(LocationView::location).toList(),
            cut,
            upTo.stream().map(AvailabilityHistory::runs).toList(),
            interval,
            changeoverSeconds);
    Double known = memo.get(key);
    if (known != null) {
      return known;
    }
    LifetimeModel model = LifetimeModel.fit(AvailabilityHistory.union(upTo), interval);
    double rate = MarketRate.of(model, interval.toMillis() / 1000.0, changeoverSeconds);
    if (memo.size() > MEMO_LIMIT) {
      memo.clear();
    }
    memo.put(key, rate);
    return rate;
  }
}
