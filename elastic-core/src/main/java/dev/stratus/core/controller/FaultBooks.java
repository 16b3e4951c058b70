package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.money.CostLedger;
import dev.stratus.core.money.FaultRecord;
import dev.stratus.core.money.IdleSpan;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.hook.hostlist.Hostlist;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What GPU faults and idle GPUs cost, for the ledger: a fault acted on (on the notice lane) becomes
 * a {@link FaultRecord}, its lost work counted per job from the job's newest checkpoint (its start
 * when it has none); an idle job's span becomes an {@link IdleSpan}. Both wait in a queue and are
 * written by the pass ({@link #flush}), the ledger's one writer thread.
 */
final class FaultBooks {
  private final StratusConfig config;
  private final Optional<CostLedger> ledger;
  private final Checkpoints checkpoints;
  private final Clock clock;
  private final Queue<FaultRecord> faults = new ConcurrentLinkedQueue<>();
  private final Queue<IdleSpan> idle = new ConcurrentLinkedQueue<>();

  FaultBooks(
      StratusConfig config, Optional<CostLedger> ledger, Checkpoints checkpoints, Clock clock) {
    this.config = config;
    this.ledger = ledger;
    this.checkpoints = checkpoints;
    this.clock = clock;
  }

  /** A fault acted on: queued for the next pass (any thread). */
  void fault(Action.GpuFault f, Snapshot s) {
    book(s, f.instanceId(), f.node(), f.reason(), false);
  }

  /**
   * A node that failed its GPU admission check: the instance never ran a job, and all its time is
   * the offering's faulty spend.
   */
  void admission(Action.AdmissionFailed a, Snapshot s) {
    book(s, a.instanceId(), a.node(), a.reason(), true);
  }

  /**
   * Queues the fault of {@code instanceId} on {@code node}; a running fault also books each job's
   * work since its newest checkpoint (its start when it has none) as lost.
   */
  private void book(Snapshot s, String instanceId, String node, String cause, boolean admission) {
    if (ledger.isEmpty()) {
      return;
    }
    Optional<Instance> instance =
        s.cloud().instances().stream().filter(i -> i.id().equals(instanceId)).findFirst();
    Optional<Pool> pool = config.poolOfNode(node);
    if (instance.isEmpty() || pool.isEmpty()) {
      return;
    }
    Instance i = instance.get();
    Instant now = clock.instant();
    Map<Long, Instant> lostFrom = new HashMap<>();
    for (SlurmJob job : admission ? List.<SlurmJob>of() : s.slurm().jobs()) {
      if (job.state().equals("RUNNING")
          && !job.nodes().isEmpty()
          && Hostlist.expand(job.nodes()).contains(node)) {
        Instant start = job.started().orElse(i.launchedAt());
        Instant from = checkpoints.newest(job.jobId()).filter(c -> c.isAfter(start)).orElse(start);
        lostFrom.put(job.jobId(), from.isAfter(now) ? now : from);
      }
    }
    faults.add(
        new FaultRecord(
            i.id(),
            i.provider(),
            i.offering().toString(),
            pool.get().name(),
            pool.get().partition(),
            node,
            i.offering().capacityType(),
            pool.get().gpusPerNode(),
            price(pool.get(), i),
            i.launchedAt(),
            now.isBefore(i.launchedAt()) ? i.launchedAt() : now,
            cause,
            lostFrom,
            admission));
  }

  /** A job's GPUs idle on its nodes since {@code from}, up to now (the pass thread). */
  void idle(long jobId, List<String> nodes, Instant from, Instant now, int gpusPerNode) {
    if (ledger.isEmpty() || !now.isAfter(from)) {
      return;
    }
    nodes.forEach(n -> idle.add(new IdleSpan(jobId, n, from, now, Math.max(1, gpusPerNode))));
  }

  /** Writes what is queued; the pass calls it. */
  void flush() {
    if (ledger.isEmpty()) {
      return;
    }
    for (FaultRecord f; (f = faults.poll()) != null; ) {
      ledger.get().faultRecorded(f);
    }
    for (IdleSpan span; (span = idle.poll()) != null; ) {
      ledger.get().idleRecorded(span);
    }
  }

  private static BigDecimal price(Pool pool, Instance i) {
    return pool.offerings().stream()
        .filter(o -> o.key().equals(i.offering()))
        .map(Offering::pricePerHour)
        .findFirst()
        .orElse(BigDecimal.ZERO);
  }
}
