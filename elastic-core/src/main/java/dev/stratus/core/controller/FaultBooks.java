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
    if (ledger.isEmpty()) {
      return;
    }
    Optional<Instance> instance =
        s.cloud().instances().stream().filter(i -> i.id().equals(f.instanceId())).findFirst();
    Optional<Pool> pool = config.poolOfNode(f.node());
    if (instance.isEmpty() || pool.isEmpty()) {
      return;
    }
    Instance i = instance.get();
    Instant now = clock.instant();
    Map<Long, Instant> lostFrom = new HashMap<>();
    for (SlurmJob job : s.slurm().jobs()) {
      if (job.state().equals("RUNNING")
          && !job.nodes().isEmpty()
          && Hostlist.expand(job.nodes()).contains(f.node())) {
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
            f.node(),
            i.offering().capacityType(),
            pool.get().gpusPerNode(),
            price(pool.get(), i),
            i.launchedAt(),
            now.isBefore(i.launchedAt()) ? i.launchedAt() : now,
            f.reason(),
            lostFrom,
            false));
  }

  /**
   * A node that failed its GPU admission check: the instance never ran a job, and all its time is
   * the offering's faulty spend.
   */
  void admission(Action.AdmissionFailed a, Snapshot s) {
    if (ledger.isEmpty()) {
      return;
    }
    Optional<Instance> instance =
        s.cloud().instances().stream().filter(i -> i.id().equals(a.instanceId())).findFirst();
    Optional<Pool> pool = config.poolOfNode(a.node());
    if (instance.isEmpty() || pool.isEmpty()) {
      return;
    }
    Instance i = instance.get();
    Instant now = clock.instant();
    faults.add(
        new FaultRecord(
            i.id(),
            i.provider(),
            i.offering().toString(),
            pool.get().name(),
            pool.get().partition(),
            a.node(),
            i.offering().capacityType(),
            pool.get().gpusPerNode(),
            price(pool.get(), i),
            i.launchedAt(),
            now.isBefore(i.launchedAt()) ? i.launchedAt() : now,
            a.reason(),
            Map.of(),
            true));
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
