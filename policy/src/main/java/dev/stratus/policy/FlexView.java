package dev.stratus.policy;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A flex-start offering (GCE DWS flex-start): discounted capacity granted from a queue some time
 * after the request ({@link QueueTime}), which then runs at most {@code maxRun} before the cloud
 * deletes it. While a request is pending the job runs nowhere (it waits in the queue); asking for
 * anything else withdraws it.
 *
 * @param requestedAt when the job's pending request was made; empty when it has none
 */
public record FlexView(
    String id,
    double pricePerHour,
    Duration maxRun,
    QueueTime queue,
    Optional<Instant> requestedAt) {
  public FlexView {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("flex offer id must not be blank");
    }
    if (!(pricePerHour >= 0)) {
      throw new IllegalArgumentException(
          "flex " + id + ": price must be >= 0, got " + pricePerHour);
    }
    if (maxRun == null || maxRun.isNegative() || maxRun.isZero()) {
      throw new IllegalArgumentException("flex " + id + ": maxRun must be > 0, got " + maxRun);
    }
    if (queue == null || requestedAt == null) {
      throw new IllegalArgumentException("flex " + id + ": queue and requestedAt must be set");
    }
  }
}
