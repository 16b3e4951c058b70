package dev.stratus.api.model;

import static dev.stratus.api.model.Checks.notNull;
import static dev.stratus.api.model.Checks.positive;
import static dev.stratus.api.model.Checks.slurmName;

import java.math.BigDecimal;

/**
 * Where capacity can come from, what one node of it holds, what it costs per node-hour and where
 * that price came from ({@link PriceOrigin}), and what limits how long a node of it may run ({@link
 * CapacityTerms}: a reservation's window, flex-start's maximum run). A reserved offering's price is
 * what a node-hour of it costs while the window is open, paid whether used or not.
 */
public record Offering(
    OfferingKey key,
    String gpuModel,
    int gpusPerNode,
    int cpus,
    long memoryMiB,
    BigDecimal pricePerHour,
    PriceOrigin priceOrigin,
    CapacityTerms terms) {
  /** An open (on-demand or spot) offering with the price's origin. */
  public Offering(
      OfferingKey key,
      String gpuModel,
      int gpusPerNode,
      int cpus,
      long memoryMiB,
      BigDecimal pricePerHour,
      PriceOrigin priceOrigin) {
    this(key, gpuModel, gpusPerNode, cpus, memoryMiB, pricePerHour, priceOrigin, openTerms(key));
  }

  private static CapacityTerms openTerms(OfferingKey key) {
    if (key != null && key.capacityType().windowed()) {
      throw new IllegalArgumentException(
          "offering " + key + ": a " + key.capacityType().feature() + " offering needs its terms");
    }
    return CapacityTerms.OPEN;
  }

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
    notNull("terms", terms);
    checkTerms(key, terms);
  }

  private static void checkTerms(OfferingKey key, CapacityTerms terms) {
    boolean matches =
        switch (key.capacityType()) {
          case ON_DEMAND, SPOT -> terms instanceof CapacityTerms.Open;
          case RESERVED ->
              terms instanceof CapacityTerms.Reserved r
                  && r.reservation().id().equals(key.reservation());
          case FLEX -> terms instanceof CapacityTerms.Flex;
        };
    if (!matches) {
      throw new IllegalArgumentException(
          "offering " + key + ": its terms " + terms + " do not match its capacity type");
    }
  }

  /** The same offering on other terms (a reservation's window as the cloud now reports it). */
  public Offering withTerms(CapacityTerms next) {
    return new Offering(
        key, gpuModel, gpusPerNode, cpus, memoryMiB, pricePerHour, priceOrigin, next);
  }

  /** The same offering at another price, e.g. a live one. */
  public Offering withPrice(BigDecimal perHour, PriceOrigin origin) {
    return new Offering(key, gpuModel, gpusPerNode, cpus, memoryMiB, perHour, origin, terms);
  }

  public String provider() {
    return key.provider();
  }

  public CapacityType capacityType() {
    return key.capacityType();
  }
}
