package dev.stratus.policy;

import dev.stratus.api.model.CapacityType;
import java.time.Instant;

/** Where the job's instance runs now: an offering, its capacity type, and when it was launched. */
public record Placement(String location, CapacityType capacity, Instant since) {
  public Placement {
    if (location == null || location.isBlank()) {
      throw new IllegalArgumentException("location must not be blank");
    }
    if (capacity == null || since == null) {
      throw new IllegalArgumentException("capacity and since must be set");
    }
  }

  public boolean onSpot() {
    return capacity == CapacityType.SPOT;
  }
}
