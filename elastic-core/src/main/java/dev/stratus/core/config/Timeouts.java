package dev.stratus.core.config;

import java.time.Duration;

/**
 * Controller timing. {@code powerUp}: a node still POWERING_UP after this is forced down and
 * returned to {@code idle~}. {@code orphanGrace}: a tagged instance with no powered-up node is
 * terminated only after this, so a launch in flight is not mistaken for an orphan. {@code
 * downHold}: how long nodes set DOWN after a failed launch stay DOWN before Stratus returns them to
 * {@code idle~} (long enough for Slurm to requeue the job). {@code unavailableTtl}: how long an
 * offering that answered "no capacity" is skipped (doubling on each repeat, capped at ten times
 * this).
 */
public record Timeouts(
    Duration reconcileInterval,
    Duration powerUp,
    Duration orphanGrace,
    Duration downHold,
    Duration unavailableTtl) {
  public static final Timeouts DEFAULTS =
      new Timeouts(
          Duration.ofSeconds(10),
          Duration.ofMinutes(10),
          Duration.ofMinutes(2),
          Duration.ofSeconds(30),
          Duration.ofMinutes(3));

  public Timeouts {
    positive("reconcileInterval", reconcileInterval);
    positive("powerUp", powerUp);
    positive("orphanGrace", orphanGrace);
    positive("downHold", downHold);
    positive("unavailableTtl", unavailableTtl);
  }

  static void positive(String field, Duration d) {
    if (d == null || d.isZero() || d.isNegative()) {
      throw new IllegalArgumentException("timeouts." + field + " must be a positive duration");
    }
  }
}
