package dev.stratus.wire;

import static dev.stratus.wire.Fields.notNull;

/**
 * One GPU's use at one poll: its index (nvidia-smi's {@code minor_number}, the N of {@code
 * /dev/nvidiaN}, which is what Slurm's {@code IDX} counts), bus id, utilization in percent (0-100)
 * and frame-buffer memory used and total in MiB. The controller maps it to the job Slurm gave that
 * GPU, for the idle-GPU policy.
 */
public record GpuSample(
    int index, String busId, int utilizationPercent, long memoryUsedMiB, long memoryTotalMiB) {
  public GpuSample {
    if (index < 0 || index > 255) {
      throw new IllegalArgumentException("index must be 0..255, got " + index);
    }
    notNull("busId", busId);
    if (utilizationPercent < 0 || utilizationPercent > 100) {
      throw new IllegalArgumentException(
          "utilizationPercent must be 0..100, got " + utilizationPercent);
    }
    if (memoryUsedMiB < 0 || memoryTotalMiB < 0) {
      throw new IllegalArgumentException("memory must be >= 0 MiB");
    }
  }
}
