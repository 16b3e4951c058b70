package dev.stratus.core.plan;

import java.time.Duration;
import java.time.Instant;

/**
 * A job with a deadline, as the controller knows it at a pass: {@code start} (when it was
 * submitted), {@code deadline} (Slurm's {@code --deadline}, or its pool's default), {@code work}
 * (its work bound: Slurm's {@code --time}, or the pool's default) and {@code done}, the work its
 * last checkpoint holds (zero when none is known, which only makes the choice more careful).
 */
public record JobDeadline(Instant start, Instant deadline, Duration work, Duration done) {
  public JobDeadline {
    if (start == null || deadline == null || work == null || done == null) {
      throw new IllegalArgumentException("start, deadline, work and done must be set");
    }
    if (work.isNegative() || work.isZero()) {
      throw new IllegalArgumentException("a deadline job's work must be > 0, got " + work);
    }
    if (done.isNegative()) {
      throw new IllegalArgumentException("work done must be >= 0, got " + done);
    }
    done = done.compareTo(work) > 0 ? work : done;
  }

  public Duration left() {
    return work.minus(done);
  }
}
