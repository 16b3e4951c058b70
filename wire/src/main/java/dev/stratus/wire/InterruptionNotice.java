package dev.stratus.wire;

import static dev.stratus.wire.Fields.notBlank;
import static dev.stratus.wire.Fields.notNull;

import java.time.Duration;
import java.time.Instant;

/**
 * One cloud's warning that an instance is going away, in one shape for every cloud. The per-cloud
 * watchers (AWS IMDSv2 spot/instance-action and rebalance, GCP preempted/maintenance-event, Azure
 * Scheduled Events Preempt) turn their formats into this; the controller acts on it.
 */
public record InterruptionNotice(String instanceId, Kind kind, Instant deadline, Instant seenAt) {
  /** What the cloud announced. Only {@link #RECLAIM} and {@link #MAINTENANCE} end the instance. */
  public enum Kind {
    RECLAIM,
    REBALANCE_RECOMMENDATION,
    MAINTENANCE
  }

  public InterruptionNotice {
    notBlank("instanceId", instanceId);
    notNull("kind", kind);
    notNull("deadline", deadline);
    notNull("seenAt", seenAt);
  }

  /** Time left to act; zero once the deadline has passed. */
  public Duration timeLeft(Instant now) {
    Duration left = Duration.between(now, deadline);
    return left.isNegative() ? Duration.ZERO : left;
  }

  public boolean endsInstance() {
    return kind != Kind.REBALANCE_RECOMMENDATION;
  }
}
