package dev.stratus.provider.gcp;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The wall clock, moved ahead on demand: time still passes (waits and backoffs behave), and a test
 * can let a period such as the reservations' refresh go by at once.
 */
final class AheadClock extends Clock {
  private volatile Duration ahead = Duration.ZERO;

  void advance(Duration by) {
    ahead = ahead.plus(by);
  }

  @Override
  public Instant instant() {
    return Instant.now().plus(ahead);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("UTC only");
  }
}
