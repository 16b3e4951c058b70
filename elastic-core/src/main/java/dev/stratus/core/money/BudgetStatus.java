package dev.stratus.core.money;

import dev.stratus.core.money.BudgetPeriod.Window;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One line of {@code stratus budget status}: the budget's current window, what it spent, what
 * running jobs still reserve, what remains, and the forecast to the period's end: the spend so far
 * extrapolated at its average rate over the whole window, but never less than spent + reserved.
 * {@code held}: jobs held for this budget now.
 */
public record BudgetStatus(
    Budget budget,
    Window window,
    BigDecimal spent,
    BigDecimal reserved,
    BigDecimal remaining,
    BigDecimal forecast,
    List<Long> held) {
  public BudgetStatus {
    held = List.copyOf(held);
  }

  public static BudgetStatus of(
      Budget budget,
      Window window,
      BigDecimal spent,
      BigDecimal reserved,
      List<Long> held,
      Instant now) {
    long whole = Duration.between(window.from(), window.to()).toMillis();
    long elapsed = Math.min(whole, Math.max(0, Duration.between(window.from(), now).toMillis()));
    BigDecimal floor = spent.add(reserved);
    BigDecimal projected =
        elapsed == 0
            ? floor
            : spent
                .multiply(BigDecimal.valueOf(whole))
                .divide(BigDecimal.valueOf(elapsed), MathContext.DECIMAL128);
    return new BudgetStatus(
        budget,
        window,
        spent,
        reserved,
        budget.amount().subtract(floor),
        projected.max(floor),
        held);
  }

  /** Percent of the amount spent, for alerts and the gauge. */
  public int percentSpent() {
    return spent
        .multiply(BigDecimal.valueOf(100))
        .divide(budget.amount(), MathContext.DECIMAL64)
        .intValue();
  }
}
