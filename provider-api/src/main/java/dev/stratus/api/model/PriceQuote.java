package dev.stratus.api.model;

import static dev.stratus.api.model.Checks.notNull;

import java.math.BigDecimal;

/** One offering's price per node-hour in USD, and where it came from. */
public record PriceQuote(OfferingKey key, BigDecimal perHour, PriceOrigin origin) {
  public PriceQuote {
    notNull("key", key);
    notNull("perHour", perHour);
    notNull("origin", origin);
    if (perHour.signum() < 0) {
      throw new IllegalArgumentException("price of " + key + " must be >= 0, got " + perHour);
    }
  }

  /**
   * A price as APIs give it ({@code 98.3200000000}, {@code 80.00}) without its trailing zeros and
   * never in exponent form ({@code 80}, not {@code 8E+1}), so that quotes compare and print alike.
   */
  public static BigDecimal plain(BigDecimal perHour) {
    BigDecimal s = perHour.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }
}
