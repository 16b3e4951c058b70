package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.wire.InterruptionNotice;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The action chain for an interruption notice, planned by the notice lane (not the reconcile pass)
 * from the instances last seen and a fresh job list, one step per run, all inside the notice's
 * deadline:
 *
 * <ol>
 *   <li>jobs run on the node (a shared node runs several): signal each one's batch step (checkpoint
 *       now), drain the node, and mark the offering unavailable so the replacement comes from
 *       elsewhere (not for maintenance: the cloud is not short of that capacity);
 *   <li>requeue the jobs once every one of them has written a checkpoint since the signal, or the
 *       grace is over, or the deadline is near, whichever comes first; they resume from their
 *       checkpoints on replacement capacity, launched through the normal resume path as the pool's
 *       spot policy says. A job whose requeue failed is asked again on the next run;
 *   <li>once every job has left the node: power the node down (Slurm suspends it, the instance is
 *       terminated, and the drain is lifted when it is powered down);
 *   <li>no job on the node: power it down at once.
 * </ol>
 *
 * A deadline move ({@link PendingNotice#move}) takes the same chain, for its own reason, and marks
 * no offering unavailable. A rebalance recommendation is only reported unless the spot settings say
 * to act on it. A notice whose instance the lane has not seen is left for later: the reconcile
 * pass, which lists the providers afresh, tells "not seen yet" from "gone" ({@link #collectGone}).
 */
public final class NoticePlanner {
  /** How long a requeued job may take to leave its node before the node is forced down anyway. */
  static final Duration LEAVE = Duration.ofSeconds(30);

  private NoticePlanner() {}

  /** The notice lane's plan: the next step of every notice whose instance is known. */
  public static List<Action> plan(Snapshot s) {
    ClusterIndex index = ClusterIndex.of(s);
    List<Action> out = new ArrayList<>();
    for (PendingNotice pending : s.notices().notices()) {
      InterruptionNotice notice = pending.notice();
      String id = notice.instanceId();
      Optional<Instance> instance = instance(s, id);
      if (instance.isEmpty()) {
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
      step(s, pending, instance.get(), node, index.jobsOn(node), out);
    }
    return out;
  }

  private static void step(
      Snapshot s,
      PendingNotice pending,
      Instance instance,
      String node,
      List<Long> onNode,
      List<Action> out) {
    InterruptionNotice notice = pending.notice();
    String id = notice.instanceId();
    String why =
        pending
            .move()
            .orElseGet(() -> notice.kind().name().toLowerCase(Locale.ROOT) + " notice for " + id);
    List<Long> outstanding =
        onNode.stream().filter(j -> !pending.requeuedJobs().contains(j)).toList();
    if (pending.signalledAt().isEmpty()) {
      if (notice.kind() != InterruptionNotice.Kind.MAINTENANCE && pending.move().isEmpty()) {
        out.add(new Action.MarkUnavailable(instance.offering(), why));
      }
      if (!outstanding.isEmpty()) {
        outstanding.forEach(job -> out.add(new Action.SignalJob(job, s.spot().signal(), id, why)));
        String until = pending.move().isPresent() ? "" : ", deadline " + notice.deadline();
        out.add(new Action.Drain(List.of(node), Reasons.of(why + until)));
        return;
      }
    } else if (!outstanding.isEmpty() && pending.requeuedAt().isEmpty()) {
      // All together, so that one successful requeue means the node may go: a job that has
      // checkpointed waits (still running) for the others' checkpoints or the grace.
      if (graceOver(s, pending.signalledAt().get(), notice)) {
        out.add(new Action.Requeue(outstanding, id, why));
      } else if (s.notices().checkpointed().containsAll(outstanding)) {
        out.add(new Action.Requeue(outstanding, id, why + ": checkpoint written"));
      }
      return;
    } else if (!onNode.isEmpty() && !Planner.olderThan(s, leavingSince(pending), LEAVE)) {
      return; // the requeued jobs are still leaving the node
    }
    // Only once the jobs have left: forcing a node down under a running job makes Slurm requeue
    // it a second time, which confused its GPU accounting (22.05).
    out.add(new Action.ForcePowerDown(List.of(node), Reasons.of(why)));
    out.add(
        new Action.NoticeDone(
            id,
            pending.requeuedAt().isPresent()
                ? "job requeued, node released"
                : "idle node released"));
  }

  /**
   * The reconcile pass's part: a notice whose instance is missing from a complete, fresh listing
   * that began after the notice came is done (the instance is gone; the garbage collector handles
   * its node). A notice that came during the listing may be for an instance launched meanwhile.
   */
  static List<Action> collectGone(Snapshot s) {
    List<Action> out = new ArrayList<>();
    if (!s.cloud().unlistedProviders().isEmpty()) {
      return out;
    }
    for (PendingNotice pending : s.notices().notices()) {
      String id = pending.notice().instanceId();
      if (!pending.receivedAt().isAfter(s.now()) && instance(s, id).isEmpty()) {
        out.add(
            new Action.NoticeDone(
                id, "instance already gone; the reconcile pass handles its node"));
      }
    }
    return out;
  }

  private static Optional<Instance> instance(Snapshot s, String id) {
    return s.cloud().instances().stream().filter(i -> i.id().equals(id)).findFirst();
  }

  /** Since when the node's requeued jobs have been leaving it. */
  private static Instant leavingSince(PendingNotice pending) {
    return pending.requeuedAt().orElseGet(() -> pending.signalledAt().orElse(pending.receivedAt()));
  }

  private static boolean graceOver(Snapshot s, Instant signalledAt, InterruptionNotice notice) {
    return !s.now().isBefore(requeueDue(s.spot(), signalledAt, notice));
  }

  /** When the jobs of a signalled notice are requeued: grace over, or the deadline near. */
  static Instant requeueDue(SpotSettings spot, Instant signalledAt, InterruptionNotice notice) {
    Instant graceEnd = signalledAt.plus(spot.grace());
    Instant latest = notice.deadline().minus(spot.margin());
    return graceEnd.isBefore(latest) ? graceEnd : latest;
  }

  /**
   * The earliest moment a signalled, not yet requeued notice is due for its requeue: the notice
   * lane runs then instead of waiting for anything else.
   */
  public static Optional<Instant> nextRequeueDue(List<PendingNotice> pending, SpotSettings spot) {
    return pending.stream()
        .filter(p -> p.signalledAt().isPresent() && p.requeuedAt().isEmpty())
        .map(p -> requeueDue(spot, p.signalledAt().get(), p.notice()))
        .min(Instant::compareTo);
  }
}
