package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.math.BigDecimal;
import java.time.Instant;

/** A block bought through Stratus: its price paid up front and the budget it counted against. */
public record BlockBooking(
    String provider, String reservation, BigDecimal usd, String budget, Instant boughtAt) {
  public BlockBooking {
    notBlank("provider", provider);
    notBlank("reservation", reservation);
    notNull("usd", usd);
    if (usd.signum() < 0) {
      throw new IllegalArgumentException("usd must be >= 0, got " + usd);
    }
    notBlank("budget", budget);
    notNull("boughtAt", boughtAt);
  }
}
