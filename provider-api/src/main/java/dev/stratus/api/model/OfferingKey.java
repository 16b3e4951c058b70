package dev.stratus.api.model;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.util.Locale;

/**
 * Identity of a place capacity can come from; used as the key of the unavailable-offerings cache.
 * The zone may be empty for a provider without zones. {@code reservation} names the reservation or
 * block a {@link CapacityType#RESERVED} offering launches into (two blocks of one type in one zone
 * are two offerings), and is empty for every other capacity type.
 */
public record OfferingKey(
    String provider,
    String region,
    String zone,
    String instanceType,
    CapacityType capacityType,
    String reservation) {
  public OfferingKey {
    notBlank("provider", provider);
    notBlank("region", region);
    zone = zone == null ? "" : zone;
    notBlank("instanceType", instanceType);
    notNull("capacityType", capacityType);
    reservation = reservation == null ? "" : reservation;
    if (capacityType == CapacityType.RESERVED && reservation.isBlank()) {
      throw new IllegalArgumentException("a reserved offering must name its reservation");
    }
    if (capacityType != CapacityType.RESERVED && !reservation.isEmpty()) {
      throw new IllegalArgumentException(
          "only a reserved offering names a reservation, got "
              + capacityType.feature()
              + " with '"
              + reservation
              + "'");
    }
  }

  /** An offering that launches into no reservation. */
  public OfferingKey(
      String provider, String region, String zone, String instanceType, CapacityType capacityType) {
    this(provider, region, zone, instanceType, capacityType, "");
  }

  @Override
  public String toString() {
    return provider
        + "/"
        + region
        + (zone.isEmpty() ? "" : "/" + zone)
        + "/"
        + instanceType
        + "/"
        + capacityType.name().toLowerCase(Locale.ROOT)
        + (reservation.isEmpty() ? "" : "/" + reservation);
  }
}
