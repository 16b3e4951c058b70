package dev.stratus.core.money;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BudgetPeriodTest {
  static final Instant THURSDAY = Instant.parse("2026-11-19T15:30:00Z");

  @Test
  void aDayWeekAndMonthStartAtMidnightOfTheirZone() {
    assertThat(new BudgetPeriod.Day(ZoneOffset.UTC).window(THURSDAY).get())
        .isEqualTo(
            new BudgetPeriod.Window(
                Instant.parse("2026-11-19T00:00:00Z"), Instant.parse("2026-11-20T00:00:00Z")));
    assertThat(new BudgetPeriod.Week(ZoneOffset.UTC).window(THURSDAY).get().from())
        .isEqualTo(Instant.parse("2026-11-16T00:00:00Z"));
    assertThat(new BudgetPeriod.Month(ZoneId.of("Europe/Berlin")).window(THURSDAY).get())
        .isEqualTo(
            new BudgetPeriod.Window(
                Instant.parse("2026-10-31T23:00:00Z"), Instant.parse("2026-11-30T23:00:00Z")));
  }

  @Test
  void theStatusForecastsTheSpendRateToThePeriodsEndButNeverBelowWhatIsCommitted() {
    Budget b = Budgets.hard("team-a", BudgetScope.account("team-a"), "1000");
    var window = b.period().window(Instant.parse("2026-11-16T00:00:00Z")).get();
    // Half of November gone, $300 spent: $600 at that rate; with $50 reserved still $600.
    BudgetStatus s =
        BudgetStatus.of(
            b,
            window,
            new BigDecimal("300"),
            new BigDecimal("50"),
            List.of(),
            Instant.parse("2026-11-16T00:00:00Z"));
    assertThat(s.forecast()).isEqualByComparingTo("600");
    assertThat(s.remaining()).isEqualByComparingTo("650");
    assertThat(s.percentSpent()).isEqualTo(30);
    assertThat(BudgetAlerts.newlyCrossed(s, Set.of())).isEmpty();
    BudgetStatus late =
        BudgetStatus.of(
            b,
            window,
            new BigDecimal("850"),
            new BigDecimal("200"),
            List.of(7L),
            Instant.parse("2026-11-29T00:00:00Z"));
    assertThat(late.forecast()).isEqualByComparingTo("1050");
    assertThat(BudgetAlerts.newlyCrossed(late, Set.of())).containsExactly(80);
    assertThat(BudgetAlerts.newlyCrossed(late, Set.of(80))).isEmpty();
  }
}
