package dev.stratus.core.plan;

import dev.stratus.wire.InterruptionNotice;
import java.time.Instant;
import java.util.Optional;

/**
 * A notice the controller is acting on: when the controller received it (its own clock, not the
 * node's {@code seenAt}), when it signalled the job on that instance and when it requeued it (each
 * empty until done). Held in memory: a notice lost in a restart is covered by the garbage
 * collector, which sets the node of a vanished instance DOWN so Slurm requeues its job.
 */
public record PendingNotice(
    InterruptionNotice notice,
    Instant receivedAt,
    Optional<Instant> signalledAt,
    Optional<Instant> requeuedAt) {}
