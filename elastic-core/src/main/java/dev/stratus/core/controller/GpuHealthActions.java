package dev.stratus.core.controller;

import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.metrics.EventLog;
import dev.stratus.core.metrics.HealthMetrics;
import dev.stratus.core.notice.HealthInbox;
import dev.stratus.core.notice.NoticeInbox;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmAccounting;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.wire.InterruptionNotice;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out the GPU-health actions: a fault is counted, logged, booked ({@code booked}: the
 * ledger's part) and remembered for its node; one that interrupts jobs starts the notice chain on
 * the instance as the controller's own notice, due after the pool's {@code gpuHealth.grace} (the
 * requeue comes sooner when the checkpoint lands), so the same lane that handles spot reclaims
 * signals, drains, requeues and powers the node down.
 */
final class GpuHealthActions {
  private static final Logger log = LoggerFactory.getLogger(GpuHealthActions.class);

  private final StratusConfig config;
  private final HealthInbox health;
  private final NoticeInbox notices;
  private final HealthMetrics metrics;
  private final FaultBooks booked;
  private final Clock clock;
  private final SlurmClient slurm;
  private final Optional<SlurmAccounting> accounting;

  GpuHealthActions(
      SlurmClient slurm,
      Optional<SlurmAccounting> accounting,
      StratusConfig config,
      HealthInbox health,
      NoticeInbox notices,
      HealthMetrics metrics,
      FaultBooks booked,
      Clock clock) {
    this.slurm = slurm;
    this.accounting = accounting;
    this.config = config;
    this.health = health;
    this.notices = notices;
    this.metrics = metrics;
    this.booked = booked;
    this.clock = clock;
  }

  void fault(Action.GpuFault f, Snapshot snapshot) {
    Instant now = clock.instant();
    log.warn("{} (instance {}, offering {})", f.reason(), f.instanceId(), f.offering());
    // by XID where there is one (xid-79), else by the table's class (ecc-uncorrectable)
    String errorClass = f.xid() > 0 ? f.errorClass() + "-" + f.xid() : f.errorClass();
    metrics.gpuFault(errorClass, f.action().wireName(), f.offering().toString());
    EventLog.emit(
        "gpu_fault",
        "node",
        f.node(),
        "instance",
        f.instanceId(),
        "class",
        f.errorClass(),
        "xid",
        f.xid(),
        "action",
        f.action().wireName(),
        "offering",
        f.offering());
    metrics.healthDrain(f.action().wireName());
    health.acted(f.node(), f.instanceId(), f.action(), now);
    if (f.action().interruptsJobs()) {
      String pool = config.poolOfNode(f.node()).map(p -> p.name()).orElse("");
      Instant due = now.plus(config.gpuHealth(pool).grace()).plus(snapshot.spot().margin());
      notices.addMove(
          new InterruptionNotice(f.instanceId(), InterruptionNotice.Kind.MAINTENANCE, due, now),
          now,
          f.reason());
    }
    booked.fault(f, snapshot);
  }

  /**
   * A job whose GPUs stayed idle: logged and noted on the job (its AdminComment), then signalled,
   * requeued or cancelled as its pool's policy says. Without Slurm accounting commands only the log
   * and the metric say it.
   */
  void idle(Action.IdleJob j) {
    log.warn("{}", j.reason());
    EventLog.emit(
        "idle_gpus",
        "job",
        j.jobId(),
        "gpus",
        j.gpus(),
        "idle_since",
        j.idleSince(),
        "action",
        j.action().configName());
    if (accounting.isEmpty()) {
      return;
    }
    SlurmAccounting slurmJobs = accounting.get();
    switch (j.action()) {
      case REPORT -> slurmJobs.note(j.jobId(), j.reason());
      case SIGNAL -> {
        slurmJobs.note(j.jobId(), j.reason());
        slurm.signalBatch(j.jobId(), config.spot().signal());
      }
      case REQUEUE -> {
        slurmJobs.note(j.jobId(), j.reason());
        slurm.requeue(j.jobId());
      }
      case CANCEL -> slurmJobs.cancel(j.jobId(), j.reason());
    }
  }

  void admissionFailed(Action.AdmissionFailed a, Snapshot snapshot) {
    log.warn(
        "{} failed its GPU admission check (instance {}): {}",
        a.node(),
        a.instanceId(),
        a.reason());
    EventLog.emit(
        "gpu_admission_failed",
        "node",
        a.node(),
        "instance",
        a.instanceId(),
        "offering",
        a.offering());
    booked.admission(a, snapshot);
  }

  void done(Action.HealthDone d) {
    health.forget(d.node());
  }
}
