package dev.stratus.policy;

import static dev.stratus.policy.Inputs.repeat;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PriceTiersTest {
  @Test
  void nestsTheOfferingsByPriceAndLeavesOutSpotDearerThanOnDemand() {
    var in =
        Inputs.job(4, 12)
            .at(5)
            .location("mid", 1.5, 10, repeat(true, 10))
            .location("cheap", 1, 10, repeat(true, 10))
            .location("cheap-too", 1.01, 10, repeat(true, 10))
            .location("too-dear", 11, 10, repeat(true, 10))
            .build();

    var tiers = PriceTiers.of(in).tiers();

    assertThat(tiers).hasSize(2);
    assertThat(tiers.get(0).offerings())
        .extracting(LocationView::location)
        .containsExactly("cheap", "cheap-too");
    assertThat(tiers.get(0).spotPricePerHour()).isEqualTo(1.01);
    assertThat(tiers.get(1).offerings())
        .extracting(LocationView::location)
        .containsExactly("cheap", "cheap-too", "mid");
  }

  @Test
  void aMarketOfShortRunsGivesLessProgressPerHourThanOneOfLongRuns() {
    var longRuns = AvailabilityHistory.builder();
    var shortRuns = AvailabilityHistory.builder();
    for (int i = 0; i < 600; i++) {
      longRuns.observe(Inputs.time(i), i % 60 != 0);
      shortRuns.observe(Inputs.time(i), i % 3 == 0);
    }
    Duration tick = Inputs.TICK;
    double changeover = 720;

    double steady = MarketRate.of(LifetimeModel.fit(longRuns.snapshot(), tick), 600, changeover);
    double flaky = MarketRate.of(LifetimeModel.fit(shortRuns.snapshot(), tick), 600, changeover);

    assertThat(steady).isBetween(0.9, 0.97);
    assertThat(flaky).isLessThan(0.2);
  }
}
