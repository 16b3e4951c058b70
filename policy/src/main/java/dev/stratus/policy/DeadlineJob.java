package dev.stratus.policy;

import java.time.Duration;
import java.time.Instant;

/**
 * A job with a deadline, as the controller knows it: when it started, when it must be done, how
 * much work it has in all and how much is left (from its last checkpoint), and the changeover: the
 * time a new instance spends (billed, without progress) before the job makes progress again.
 */
public record DeadlineJob(
    Instant start, Instant deadline, Duration totalWork, Duration workLeft, Duration changeover) {
  public DeadlineJob {
    if (start == null || deadline == null || totalWork == null || workLeft == null) {
      throw new IllegalArgumentException("start, deadline, totalWork and workLeft must be set");
    }
    if (!deadline.isAfter(start)) {
      throw new IllegalArgumentException(
          "deadline " + deadline + " must be after the job's start " + start);
    }
    if (totalWork.isNegative() || totalWork.isZero()) {
      throw new IllegalArgumentException("totalWork must be > 0, got " + totalWork);
    }
    if (workLeft.isNegative() || workLeft.compareTo(totalWork) > 0) {
      throw new IllegalArgumentException(
          "workLeft " + workLeft + " must be between 0 and totalWork " + totalWork);
    }
    if (changeover == null || changeover.isNegative()) {
      throw new IllegalArgumentException("changeover must be >= 0, got " + changeover);
    }
  }

  public boolean done() {
    return workLeft.isZero();
  }
}
