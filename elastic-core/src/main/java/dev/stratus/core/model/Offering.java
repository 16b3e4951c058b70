package dev.stratus.core.model;

import static dev.stratus.core.model.Checks.notNull;
import static dev.stratus.core.model.Checks.positive;
import static dev.stratus.core.model.Checks.slurmName;

import java.math.BigDecimal;

/** Where capacity can come from, what one node of it holds, and what it costs per node-hour. */
public record Offering(
    OfferingKey key,
    String gpuModel,
    int gpusPerNode,
    int cpus,
    long memoryMiB,
    BigDecimal pricePerHour) {
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
  }

  public String provider() {
    return key.provider();
  }

  public CapacityType capacityType() {
    return key.capacityType();
  }
}
