package dev.stratus.api.model;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.util.Locale;

/**
 * Identity of a place capacity can come from; used as the key of the unavailable-offerings cache.
 * The zone may be empty for a provider without zones.
 */
public record OfferingKey(
    String provider, String region, String zone, String instanceType, CapacityType capacityType) {
  public OfferingKey {
    notBlank("provider", provider);
    notBlank("region", region);
    zone = zone == null ? "" : zone;
    notBlank("instanceType", instanceType);
    notNull("capacityType", capacityType);
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
        + capacityType.name().toLowerCase(Locale.ROOT);
  }
}
