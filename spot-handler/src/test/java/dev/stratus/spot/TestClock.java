package dev.stratus.spot;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand, shared by a watcher and the metadata model it talks to. */
final class TestClock extends Clock {
  private Instant now;

  TestClock(Instant start) {
    now = start;
  }

  synchronized void advance(Duration d) {
    now = now.plus(d);
  }

  @Override
  public synchronized Instant instant() {
    return now;
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
