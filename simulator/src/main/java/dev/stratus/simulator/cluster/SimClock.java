package dev.stratus.simulator.cluster;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The simulation's clock: it reads what the event loop last set, so timers run on simulated time.
 */
final class SimClock extends Clock {
  private Instant now;

  SimClock(Instant start) {
    this.now = start;
  }

  void set(Instant t) {
    now = t;
  }

  @Override
  public Instant instant() {
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
