package dev.stratus.core.plan;

import dev.stratus.wire.InterruptionNotice;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * A notice the controller is acting on: when the controller received it (its own clock, not the
 * node's {@code seenAt}), when it signalled the jobs on that instance and when every one of them
 * was requeued (each empty until done); {@code requeuedJobs}: the jobs whose {@code scontrol
 * requeue} succeeded so far (on a shared node one may fail while another goes); {@code move}: why
 * the controller itself moves the node's job (a deadline move, {@link Action.MoveJob}), empty for a
 * cloud's notice. Held in memory: a notice lost in a restart is covered by the garbage collector,
 * which sets the node of a vanished instance DOWN so Slurm requeues its jobs.
 */
public record PendingNotice(
    InterruptionNotice notice,
    Instant receivedAt,
    Optional<Instant> signalledAt,
    Optional<Instant> requeuedAt,
    Set<Long> requeuedJobs,
    Optional<String> move) {
  public PendingNotice {
    requeuedJobs = Set.copyOf(requeuedJobs);
    move = move == null ? Optional.empty() : move;
  }

  /** A cloud's notice. */
  public PendingNotice(
      InterruptionNotice notice,
      Instant receivedAt,
      Optional<Instant> signalledAt,
      Optional<Instant> requeuedAt,
      Set<Long> requeuedJobs) {
    this(notice, receivedAt, signalledAt, requeuedAt, requeuedJobs, Optional.empty());
  }

  /** A notice none of whose jobs was requeued yet. */
  public PendingNotice(
      InterruptionNotice notice,
      Instant receivedAt,
      Optional<Instant> signalledAt,
      Optional<Instant> requeuedAt) {
    this(notice, receivedAt, signalledAt, requeuedAt, Set.of());
  }
}
