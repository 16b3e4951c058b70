package dev.stratus.core.controller;

import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.metrics.HealthMetrics;
import dev.stratus.core.notice.HealthInbox;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.IdleGpuPolicy;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.hook.hostlist.Hostlist;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The idle-GPU policy's state between passes ({@link IdleGpuPolicy}): each pass asks which jobs
 * hold idle GPUs, counts the GPU-hours of the jobs already flagged since the last pass ({@code
 * stratus_gpu_idle_gpu_hours_total}), and returns the jobs to flag now. Only the pass thread calls
 * it.
 */
final class IdleGpuWatch {
  private final StratusConfig config;
  private final HealthInbox health;
  private final HealthMetrics metrics;
  private final FaultBooks books;
  private IdleGpuPolicy.State state = IdleGpuPolicy.State.EMPTY;
  private Instant last;

  IdleGpuWatch(StratusConfig config, HealthInbox health, HealthMetrics metrics, FaultBooks books) {
    this.books = books;
    this.config = config;
    this.health = health;
    this.metrics = metrics;
  }

  /** The jobs to flag in this pass. */
  List<Action.IdleJob> observe(Instant now, List<SlurmJob> jobs) {
    IdleGpuPolicy.Step step =
        IdleGpuPolicy.step(
            now,
            state,
            jobs,
            health.nodes(),
            node -> config.poolOfNode(node).map(p -> p.name()),
            config::gpuHealth);
    if (last != null && now.isAfter(last)) {
      double hours = Duration.between(last, now).toMillis() / 3_600_000.0;
      for (SlurmJob job : jobs) {
        Integer gpus = step.idleGpus().get(job.jobId());
        if (gpus != null && state.flagged().contains(job.jobId())) {
          String pool =
              config.pools().stream()
                  .filter(p -> p.partition().equals(job.partition()))
                  .map(p -> p.name())
                  .findFirst()
                  .orElse("");
          metrics.idleGpuHours(pool, job.partition(), hours * gpus);
          books.idle(
              job.jobId(),
              Hostlist.expand(job.nodes()),
              step.next().idleSince().get(job.jobId()),
              now,
              job.gpusPerNode());
        }
      }
    }
    last = now;
    state = step.next();
    return step.flag();
  }

  /** Since when each job now idle has been, for the ledger's waste. */
  Map<Long, Instant> idleSince() {
    return state.idleSince();
  }
}
