package dev.stratus.api.model;

import static dev.stratus.api.model.Checks.notNull;
import static dev.stratus.api.model.Checks.positive;
import static dev.stratus.api.model.Checks.slurmName;

import java.math.BigDecimal;

/**
 * Where capacity can come from, what one node of it holds, what it costs per node-hour and where
 * that price came from ({@link PriceOrigin}).
 */
public record Offering(
    OfferingKey key,
    String gpuModel,
    int gpusPerNode,
    int cpus,
    long memoryMiB,
    BigDecimal pricePerHour,
    PriceOrigin priceOrigin) {
  /** An offering whose price the operator gave ({@link PriceOrigin#CONFIGURED}). */
  public Offering(
      OfferingKey key,
      String gpuModel,
      int gpusPerNode,
      int cpus,
      long memoryMiB,
      BigDecimal pricePerHour) {
    this(key, gpuModel, gpusPerNode, cpus, memoryMiB, pricePerHour, PriceOrigin.CONFIGURED);
  }

  public Offering {
    notNull("key", key);
    slurmName("gpuModel", gpuModel);
    positive("gpusPerNode", gpusPerNode);
    positive("cpus", cpus);
    positive("memoryMiB", memoryMiB);
    notNull("pricePerHour", pricePerHour);
    if (pricePerHour.signum() < 0) {
      throw new IllegalArgumentException("pricePerHour must be >= 0, got " + pricePerHour);
    }
    notNull("priceOrigin", priceOrigin);
  }

  /** The same offering at another price, e.g. a live one. */
  public Offering withPrice(BigDecimal perHour, PriceOrigin origin) {
    return new Offering(key, gpuModel, gpusPerNode, cpus, memoryMiB, perHour, origin);
  }

  public String provider() {
    return key.provider();
  }

  public CapacityType capacityType() {
    return key.capacityType();
  }
}
