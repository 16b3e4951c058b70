package dev.stratus.core.model;

import static dev.stratus.core.model.Checks.notNull;

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
}
