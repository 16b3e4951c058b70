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
    long nowMillis = now.toEpochMilli();
    long step = interval.toMillis();
    int want = available ? 1 : 0;
    int age = 1;
    while (age < LifetimeModel.AGES) {
      long before = nowMillis - step * age;
      int any = -1;
      for (AvailabilityHistory h : histories) {
        any = Math.max(any, h.stateAt(before));
      }
      // Not observed then (-1) ends the age as the other state does.
      if (any != want) {
        break;
      }
      age++;
    }
    return age;
  }
}
