package dev.stratus.sandbox.demo;

import dev.stratus.api.model.Instance;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Nominal cost of what the demo ran: each instance's price per hour times the time it was seen
 * alive. Prices come from the pool's offerings (the local provider bills nothing real).
 */
final class CostMeter {
  private record Seen(Instant first, Instant last, BigDecimal pricePerHour) {}

  private final Map<String, Seen> seen = new HashMap<>();

  void observe(List<Instance> instances, Instant now, Map<String, BigDecimal> priceByOffering) {
    for (Instance i : instances) {
      BigDecimal price = priceByOffering.getOrDefault(i.offering().toString(), BigDecimal.ZERO);
      seen.merge(
          i.id(),
          new Seen(i.launchedAt(), now, price),
          (old, fresh) -> new Seen(old.first(), now, old.pricePerHour()));
    }
  }

  int instancesSeen() {
    return seen.size();
  }

  BigDecimal dollars() {
    BigDecimal total = BigDecimal.ZERO;
    for (Seen s : seen.values()) {
      long millis = Math.max(0, Duration.between(s.first(), s.last()).toMillis());
      total =
          total.add(
              s.pricePerHour()
                  .multiply(BigDecimal.valueOf(millis))
                  .divide(BigDecimal.valueOf(3_600_000L), MathContext.DECIMAL64));
    }
    return total.setScale(4, RoundingMode.HALF_UP);
  }
}
