package dev.stratus.simulator.cluster;

import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.hook.hostlist.Hostlist;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A replayed job's life in the simulated Slurm: pending (eligible from {@code eligibleAt}),
 * starting on its nodes, running, or done. Progress is kept as the work its last checkpoint holds
 * ({@code checkpointed}) plus the time run since {@code runStart}; a checkpoint is written every
 * {@code checkpointEvery} of run time, and a reclaim loses what was run since the last one.
 */
final class JobRun {
  enum Phase {
    WAITING,
    PENDING,
    STARTING,
    RUNNING,
    DONE
  }

  final SimJob spec;
  final long slurmId;
  final int nodes;
  final Optional<Instant> deadline;

  /** The partition Slurm queues it in (its own, else the default one). */
  String partition = "";

  Phase phase = Phase.WAITING;
  Instant eligibleAt;
  Pool pool;
  final List<SimNode> allocated = new ArrayList<>();
  Duration checkpointed = Duration.ZERO;
  Instant runStart;
  Instant firstStart;
  Instant finishedAt;
  int restarts;
  boolean held;
  String adminComment = "";
  private String nodeList = "";
  private Instant finishAt;
  private Instant finishFrom;
  private Duration finishAfter;
  private SlurmJob view;
  // What the view was built from: it is built again only when one of these changes.
  private Phase viewPhase;
  private int viewRestarts;
  private Instant viewRunStart;
  private String viewNodes;
  private Pool viewPool;
  private boolean viewHeld;

  JobRun(SimJob spec, long slurmId, int gpusPerNode, Optional<Instant> deadline) {
    this.spec = spec;
    this.slurmId = slurmId;
    this.nodes = (spec.gpus() + gpusPerNode - 1) / gpusPerNode;
    this.deadline = deadline;
    this.eligibleAt = spec.submit();
  }

  /** Takes {@code nodes} (Slurm's allocation, in order). */
  void allocate(List<SimNode> nodes) {
    allocated.addAll(nodes);
    nodeList = Hostlist.compress(allocated.stream().map(n -> n.name).toList());
  }

  /** Gives every allocated node back. */
  void release() {
    allocated.clear();
    nodeList = "";
  }

  /** The allocated nodes as a hostlist expression; empty when none. */
  String nodeList() {
    return nodeList;
  }

  /**
   * What {@code squeue --json} would say of the job, the same object from pass to pass while it
   * does not change: the simulation's passes outnumber its jobs' changes by far.
   */
  SlurmJob view() {
    if (view == null
        || phase != viewPhase
        || restarts != viewRestarts
        || runStart != viewRunStart
        || nodeList != viewNodes
        || pool != viewPool
        || held != viewHeld) {
      view = SimSlurm.view(this, spec.timeLimit());
      viewHeld = held;
      viewPhase = phase;
      viewRestarts = restarts;
      viewRunStart = runStart;
      viewNodes = nodeList;
      viewPool = pool;
    }
    return view;
  }

  /** When the running job ends if nothing stops it; asked at every event, so remembered. */
  Instant finishAt() {
    if (runStart != finishFrom || checkpointed != finishAfter) {
      finishAt = runStart.plus(spec.work().minus(checkpointed));
      finishFrom = runStart;
      finishAfter = checkpointed;
    }
    return finishAt;
  }

  /** Stops the run at {@code t}: keeps the checkpointed part, returns the work lost. */
  Duration stop(Instant t, Duration checkpointEvery) {
    if (phase != Phase.RUNNING) {
      return Duration.ZERO;
    }
    Duration ran = Duration.between(runStart, t);
    long kept = ran.toMillis() / checkpointEvery.toMillis() * checkpointEvery.toMillis();
    checkpointed = checkpointed.plusMillis(kept);
    if (checkpointed.compareTo(spec.work()) > 0) {
      checkpointed = spec.work();
    }
    return ran.minusMillis(kept);
  }

  /** When the newest checkpoint of the current run was written; empty when it has none yet. */
  Optional<Instant> newestCheckpoint(Instant t, Duration checkpointEvery) {
    if (phase != Phase.RUNNING) {
      return Optional.empty();
    }
    long every = checkpointEvery.toMillis();
    long ran = Duration.between(runStart, t).toMillis();
    return ran < every ? Optional.empty() : Optional.of(runStart.plusMillis(ran / every * every));
  }

  /** The work the job's checkpoints hold at {@code t}. */
  Duration doneAt(Instant t, Duration checkpointEvery) {
    if (phase != Phase.RUNNING) {
      return checkpointed;
    }
    long ran = Duration.between(runStart, t).toMillis();
    return checkpointed.plusMillis(ran / checkpointEvery.toMillis() * checkpointEvery.toMillis());
  }
}
