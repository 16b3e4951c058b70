package dev.stratus.core.notice;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Instances whose notice the controller released, each remembered for {@code keep} after its
 * release (so a watcher that asks after the notice left the inbox still hears "released"), at most
 * {@code max} of them: the oldest release is forgotten first. Safe from any thread.
 */
final class ReleasedNotices {
  private final Clock clock;
  private final Duration keep;
  private final int max;

  /** Insertion order is release order: a repeated release moves to the end. */
  private final Map<String, Instant> releasedAt = new LinkedHashMap<>();

  ReleasedNotices(Clock clock, Duration keep, int max) {
    if (keep.isNegative() || keep.isZero() || max < 1) {
      throw new IllegalArgumentException("keep must be > 0 and max >= 1");
    }
    this.clock = clock;
    this.keep = keep;
    this.max = max;
  }

  synchronized void release(String instanceId) {
    releasedAt.remove(instanceId);
    releasedAt.put(instanceId, clock.instant());
    prune();
  }

  synchronized void forget(String instanceId) {
    releasedAt.remove(instanceId);
  }

  synchronized boolean released(String instanceId) {
    prune();
    return releasedAt.containsKey(instanceId);
  }

  private void prune() {
    Instant cutoff = clock.instant().minus(keep);
    Iterator<Instant> oldestFirst = releasedAt.values().iterator();
    while (oldestFirst.hasNext()) {
      Instant at = oldestFirst.next();
      if (at.isAfter(cutoff) && releasedAt.size() <= max) {
        return;
      }
      oldestFirst.remove();
    }
  }
}
