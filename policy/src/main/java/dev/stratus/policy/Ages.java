package dev.stratus.policy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** How many decision intervals a state has lasted, read from histories (capped at the model's). */
final class Ages {
  private Ages() {}

  /** Intervals the offering has been available until now; 1 if it just became so. */
  static int availableFor(AvailabilityHistory h, Instant now, Duration interval) {
    return lasting(List.of(h), true, now, interval);
  }

  /** Intervals the union of the histories has been in state {@code available} until now. */
  static int lasting(
      List<AvailabilityHistory> histories, boolean available, Instant now, Duration interval) {
    int age = 1;
    while (age < LifetimeModel.AGES) {
      Instant before = now.minus(interval.multipliedBy(age));
      boolean any = false;
      boolean seen = false;
      for (AvailabilityHistory h : histories) {
        var at = h.availableAt(before);
        seen |= at.isPresent();
        any |= at.orElse(false);
      }
      if (!seen || any != available) {
        break;
      }
      age++;
    }
    return age;
  }
}
