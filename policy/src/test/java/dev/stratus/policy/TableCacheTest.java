package dev.stratus.policy;

import static dev.stratus.policy.Inputs.TICK;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class TableCacheTest {
  private static final SlackGrid GRID = SlackGrid.of(TICK.toSeconds(), 720);
  private static final Instant MONDAY = Instant.parse("2025-10-27T00:00:00Z");
  private static final Instant TUESDAY = Instant.parse("2025-10-28T00:00:00Z");

  private final AtomicInteger solves = new AtomicInteger();
  private final Supplier<LifetimeModel> prior =
      () -> {
        solves.incrementAndGet();
        return LifetimeModel.fit(AvailabilityHistory.empty(), TICK);
      };
  private final TableCache cache = new TableCache(8);

  @Test
  void marketsWithNoRunObservedShareThePriorsTable() {
    SlackTable zoneA = get(List.of("zone-a"), List.of(0), MONDAY, 1.0);
    SlackTable zoneB = get(List.of("zone-b"), List.of(0), TUESDAY, 1.0);
    SlackTable both = get(List.of("zone-a", "zone-b"), List.of(0, 0), TUESDAY, 1.0);

    assertThat(zoneB).isSameAs(zoneA);
    assertThat(both).isSameAs(zoneA);
    assertThat(solves).hasValue(1);
  }

  @Test
  void aMarketWithRunsOrOtherPricesHasItsOwnTable() {
    SlackTable prior = get(List.of("zone-a"), List.of(0), MONDAY, 1.0);
    SlackTable learnt = get(List.of("zone-a"), List.of(3), MONDAY, 1.0);
    SlackTable dearer = get(List.of("zone-b"), List.of(0), MONDAY, 1.5);
    SlackTable oneOfTwoLearnt = get(List.of("zone-a", "zone-b"), List.of(0, 2), MONDAY, 1.0);

    assertThat(List.of(learnt, dearer, oneOfTwoLearnt)).doesNotContain(prior);
    assertThat(solves).hasValue(4);
  }

  private SlackTable get(
      List<String> locations, List<Integer> observed, Instant cut, double spotPrice) {
    var key = new TableCache.Key(locations, observed, cut, GRID, spotPrice, 3.0);
    return cache.get(key, 12, 8, prior);
  }
}
