package dev.stratus.api.model;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * A block the cloud offers to sell (EC2 {@code DescribeCapacityBlockOfferings}): so many instances
 * of a type in a zone for a fixed window, at an up-front price.
 */
public record BlockOffer(
    String offerId,
    String provider,
    String region,
    String zone,
    String instanceType,
    int instances,
    Instant start,
    Instant end,
    BigDecimal upfrontUsd) {
  public BlockOffer {
    notBlank("offerId", offerId);
    notBlank("provider", provider);
    notBlank("region", region);
    zone = zone == null ? "" : zone;
    notBlank("instanceType", instanceType);
    if (instances < 1) {
      throw new IllegalArgumentException("instances must be >= 1, got " + instances);
    }
    notNull("start", start);
    notNull("end", end);
    if (!end.isAfter(start)) {
      throw new IllegalArgumentException("end " + end + " must be after start " + start);
    }
    notNull("upfrontUsd", upfrontUsd);
    if (upfrontUsd.signum() < 0) {
      throw new IllegalArgumentException("upfrontUsd must be >= 0, got " + upfrontUsd);
    }
  }

  public Duration window() {
    return Duration.between(start, end);
  }
}
