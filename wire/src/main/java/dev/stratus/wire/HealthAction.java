package dev.stratus.wire;

import java.util.Locale;

/**
 * What a GPU finding asks of the controller, least to most urgent (the declaration order is the
 * severity order). The node classifies what it reads with its action table; the controller decides
 * when to act (strikes, staleness) and how (the order that keeps work).
 *
 * <ul>
 *   <li>{@link #OK}: nothing to do;
 *   <li>{@link #DRAIN_AFTER_JOB}: the node takes no new job; the running ones finish, then it goes;
 *   <li>{@link #REBOOT}: a reset would clear it; Stratus replaces the node instead of rebooting it
 *       in place (a fresh instance costs no more and needs no operator), after the job, like a
 *       drain;
 *   <li>{@link #REQUEUE_NOW}: the GPU is gone or computes wrong: checkpoint where it still answers,
 *       drain, requeue, replace;
 *   <li>{@link #REPLACE}: the hardware must go (a row-remap failure, a retired-page limit): as
 *       {@link #REQUEUE_NOW}, and the offering's failure count grows.
 * </ul>
 */
public enum HealthAction {
  OK,
  DRAIN_AFTER_JOB,
  REBOOT,
  REQUEUE_NOW,
  REPLACE;

  /** The wire and table spelling: {@code drain-after-job}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static HealthAction fromWire(String s) {
    for (HealthAction a : values()) {
      if (a.wireName().equals(s)) {
        return a;
      }
    }
    throw new IllegalArgumentException(
        "health action '"
            + s
            + "' is not one of ok, drain-after-job, reboot, requeue-now, replace");
  }

  /** Whether the running jobs must leave now rather than finish. */
  public boolean interruptsJobs() {
    return this == REQUEUE_NOW || this == REPLACE;
  }

  public HealthAction worse(HealthAction other) {
    return other.ordinal() > ordinal() ? other : this;
  }
}
