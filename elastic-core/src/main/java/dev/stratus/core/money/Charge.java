package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notNull;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.time.Instant;

/**
 * An amount owed by {@code key}, spread evenly over {@code [from, to)}; a lump sum (a billing
 * minimum) has {@code from == to}.
 */
public record Charge(CostKey key, Instant from, Instant to, BigDecimal amount) {
  public Charge {
    notNull("key", key);
    notNull("from", from);
    notNull("to", to);
    notNull("amount", amount);
    if (to.isBefore(from)) {
      throw new IllegalArgumentException("charge ends " + to + " before it starts " + from);
    }
  }

  /**
   * The part of this charge inside {@code [start, end)}: prorated by time, a lump sum whole or not
   * at all; {@code null} when nothing of it falls inside.
   */
  public Charge within(Instant start, Instant end) {
    if (from.equals(to)) {
      return !from.isBefore(start) && from.isBefore(end) ? this : null;
    }
    Instant a = from.isAfter(start) ? from : start;
    Instant b = to.isBefore(end) ? to : end;
    if (!a.isBefore(b)) {
      return null;
    }
    if (a.equals(from) && b.equals(to)) {
      return this;
    }
    long whole = Duration.between(from, to).toMillis();
    long part = Duration.between(a, b).toMillis();
    return new Charge(
        key,
        a,
        b,
        amount
            .multiply(BigDecimal.valueOf(part))
            .divide(BigDecimal.valueOf(whole), MathContext.DECIMAL128));
  }
}
