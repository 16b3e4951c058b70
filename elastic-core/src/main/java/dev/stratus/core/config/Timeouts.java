package dev.stratus.core.config;

import java.time.Duration;

/**
 * Controller timing. {@code powerUp}: a node still POWERING_UP after this is forced down and
 * returned to {@code idle~}. {@code orphanGrace}: a tagged instance with no powered-up node is
 * terminated only after this, so a launch in flight is not mistaken for an orphan. {@code
 * downHold}: how long nodes set DOWN after a failed launch stay DOWN before Stratus returns them to
 * {@code idle~} (long enough for Slurm to requeue the job). {@code unavailableTtl}: how long an
 * offering that answered "no capacity" is skipped (doubling on each repeat, capped at ten times
 * this). {@code launch}, {@code terminate}, {@code list}: the time limit of one such cloud call
 * (one offering's try of a launch), after which the controller abandons it; a launch's limit must
 * be longer than any provider's own wait for its instances (Azure's {@code launchTimeoutSeconds}).
 */
public record Timeouts(
    Duration reconcileInterval,
    Duration powerUp,
    Duration orphanGrace,
    Duration downHold,
    Duration unavailableTtl,
    Duration launch,
    Duration terminate,
    Duration list) {
  public static final Duration LAUNCH = Duration.ofMinutes(20);
  public static final Duration TERMINATE = Duration.ofMinutes(5);
  public static final Duration LIST = Duration.ofMinutes(1);

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
    positive("launch", launch);
    positive("terminate", terminate);
    positive("list", list);
  }

  /** With the default cloud call limits. */
  public Timeouts(
      Duration reconcileInterval,
      Duration powerUp,
      Duration orphanGrace,
      Duration downHold,
      Duration unavailableTtl) {
    this(
        reconcileInterval, powerUp, orphanGrace, downHold, unavailableTtl, LAUNCH, TERMINATE, LIST);
  }

  /** The same timeouts with other cloud call limits. */
  public Timeouts withCloudCalls(Duration launch, Duration terminate, Duration list) {
    return new Timeouts(
        reconcileInterval, powerUp, orphanGrace, downHold, unavailableTtl, launch, terminate, list);
  }

  static void positive(String field, Duration d) {
    if (d == null || d.isZero() || d.isNegative()) {
      throw new IllegalArgumentException("timeouts." + field + " must be a positive duration");
    }
  }
}
