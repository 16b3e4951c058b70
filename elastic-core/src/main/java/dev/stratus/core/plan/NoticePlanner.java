package dev.stratus.core.plan;

import dev.stratus.core.model.Instance;
import dev.stratus.wire.InterruptionNotice;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The action chain for an interruption notice (design §8), one step per pass, all inside the
 * notice's deadline:
 *
 * <ol>
 *   <li>a job runs on the node: signal its batch step (checkpoint now), drain the node, and mark
 *       the offering unavailable so the replacement comes from elsewhere (not for maintenance: the
 *       cloud is not short of that capacity);
 *   <li>once the job has written a checkpoint since the signal, or the grace is over, or the
 *       deadline is near, whichever comes first: requeue the job; it resumes from its checkpoint on
 *       replacement capacity, launched through the normal resume path as the pool's spot policy
 *       says;
 *   <li>once the job has left the node: power the node down (Slurm suspends it, the instance is
 *       terminated, and the drain is lifted when it is powered down);
 *   <li>no job on the node: power it down at once.
 * </ol>
 *
 * A rebalance recommendation is only reported unless the spot settings say to act on it.
 */
public final class NoticePlanner {
  /** How long a requeued job may take to leave its node before the node is forced down anyway. */
  static final java.time.Duration LEAVE = java.time.Duration.ofSeconds(30);

  private NoticePlanner() {}

  static void plan(Snapshot s, ClusterIndex index, List<Action> out) {
    for (PendingNotice pending : s.notices()) {
      InterruptionNotice notice = pending.notice();
      String id = notice.instanceId();
      Optional<Instance> instance =
          s.instances().stream().filter(i -> i.id().equals(id)).findFirst();
      if (instance.isEmpty()) {
        out.add(
            new Action.NoticeDone(
                id, "instance already gone; the reconcile pass handles its node"));
        continue;
      }
      if (!notice.endsInstance() && !s.spot().actOnRebalance()) {
        out.add(new Action.NoticeDone(id, "rebalance recommendation reported, not acted on"));
        continue;
      }
      String node = instance.get().nodeName().orElse(null);
      if (node == null) {
        out.add(new Action.NoticeDone(id, "instance has no node tag"));
        continue;
      }
      String why = notice.kind().name().toLowerCase(java.util.Locale.ROOT) + " notice for " + id;
      long job = index.jobOn(node);
      if (pending.signalledAt().isEmpty()) {
        if (notice.kind() != InterruptionNotice.Kind.MAINTENANCE) {
          out.add(new Action.MarkUnavailable(instance.get().offering(), why));
        }
        if (job > 0) {
          out.add(new Action.SignalJob(job, s.spot().signal(), id, why));
          out.add(
              new Action.Drain(List.of(node), Reasons.of(why + ", deadline " + notice.deadline())));
          continue;
        }
      } else if (job > 0 && pending.requeuedAt().isEmpty()) {
        if (s.checkpointed().contains(job)) {
          out.add(new Action.Requeue(job, id, why + ": checkpoint written"));
        } else if (graceOver(s, pending.signalledAt().get(), notice)) {
          out.add(new Action.Requeue(job, id, why));
        }
        continue;
      } else if (job > 0 && !Planner.olderThan(s, pending.requeuedAt().get(), LEAVE)) {
        continue; // the requeued job is still leaving the node
      }
      // Only once the job has left: forcing a node down under a running job makes Slurm requeue
      // it a second time, which confused its GPU accounting (22.05).
      out.add(new Action.ForcePowerDown(List.of(node), Reasons.of(why)));
      out.add(
          new Action.NoticeDone(
              id,
              pending.requeuedAt().isPresent()
                  ? "job requeued, node released"
                  : "idle node released"));
    }
  }

  private static boolean graceOver(Snapshot s, Instant signalledAt, InterruptionNotice notice) {
    return !s.now().isBefore(requeueDue(s.spot(), signalledAt, notice));
  }

  /** When the job of a signalled notice is requeued: grace over, or the deadline near. */
  static Instant requeueDue(
      dev.stratus.core.notice.SpotSettings spot, Instant signalledAt, InterruptionNotice notice) {
    Instant graceEnd = signalledAt.plus(spot.grace());
    Instant latest = notice.deadline().minus(spot.margin());
    return graceEnd.isBefore(latest) ? graceEnd : latest;
  }

  /**
   * The earliest moment a signalled, not yet requeued job is due for its requeue: the controller
   * runs a pass then instead of waiting for the next reconcile interval (up to 10 s late by
   * default).
   */
  public static Optional<Instant> nextRequeueDue(
      List<PendingNotice> pending, dev.stratus.core.notice.SpotSettings spot) {
    return pending.stream()
        .filter(p -> p.signalledAt().isPresent() && p.requeuedAt().isEmpty())
        .map(p -> requeueDue(spot, p.signalledAt().get(), p.notice()))
        .min(Instant::compareTo);
  }
}
