package dev.stratus.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The wall clock moved on by a shift the test sets: the cloud's and the provider's "later". */
public final class ShiftedClock extends Clock {
  private volatile Duration shift = Duration.ZERO;

  /** From now on the clock reads at least {@code t}. */
  public void passTo(Instant t) {
    Duration needed = Duration.between(Instant.now(), t);
    if (needed.compareTo(shift) > 0) {
      shift = needed;
    }
  }

  @Override
  public Instant instant() {
    return Instant.now().plus(shift);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
