package dev.stratus.core.metrics;

import dev.stratus.core.slurm.SlurmJob;
import java.time.Duration;
import java.time.Instant;

/**
 * GPU-seconds lost to a reclaim, from what the controller really sees: the GPUs the job holds
 * ({@link SlurmJob#gpus()}, from squeue's per-node GRES and node count) × the seconds from the
 * start of its current run (squeue's {@code start_time}) to the moment its run was cut: when
 * Stratus issued {@code scontrol requeue} (with a notice) or when the reconcile pass found its node
 * without an instance (without one). This is an upper bound on the GPU work lost: a job that
 * checkpoints loses only the time since its newest checkpoint, which the controller cannot see.
 */
public final class GpuSeconds {
  private GpuSeconds() {}

  /** 0 when the run's start is unknown or after {@code cutAt}, or the job holds no GPUs. */
  public static double lost(SlurmJob job, Instant cutAt) {
    if (job.started().isEmpty() || job.started().get().isAfter(cutAt)) {
      return 0;
    }
    Duration ran = Duration.between(job.started().get(), cutAt);
    return job.gpus() * (ran.toMillis() / 1000.0);
  }
}
