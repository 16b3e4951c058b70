package dev.stratus.policy;

/**
 * One offering the job may run in (a provider/region/zone/instance-type key as a string), with its
 * spot and on-demand price per instance-hour, what was seen of its spot capacity now, and its
 * observed availability history.
 */
public record LocationView(
    String location,
    double spotPricePerHour,
    double onDemandPricePerHour,
    Observation now,
    AvailabilityHistory history) {
  public LocationView {
    if (location == null || location.isBlank()) {
      throw new IllegalArgumentException("location must not be blank");
    }
    if (!(spotPricePerHour >= 0) || !(onDemandPricePerHour >= 0)) {
      throw new IllegalArgumentException(
          location
              + ": prices must be >= 0, got spot "
              + spotPricePerHour
              + " and on-demand "
              + onDemandPricePerHour);
    }
    if (now == null || history == null) {
      throw new IllegalArgumentException(location + ": now and history must be set");
    }
  }

  public boolean spotUsable() {
    return now.spotUsable();
  }
}
