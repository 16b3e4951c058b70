package dev.stratus.api.spi;

import java.time.Duration;

/**
 * What a pool's new nodes check of their GPUs before slurmd starts, and how often their watcher
 * reads them afterwards (stratus.yaml {@code pools[].gpuHealth}): {@code level} 0 (inventory), 1
 * (nvidia-smi health) or 2 (level 1 and {@code dcgmi diag -r diagLevel}), each check within {@code
 * timeout}. A provider puts it into the node's agent settings.
 */
public record GpuAdmission(int level, Duration timeout, int diagLevel, Duration watchInterval) {
  public static final GpuAdmission INVENTORY =
      new GpuAdmission(0, Duration.ofSeconds(60), 1, Duration.ofSeconds(5));

  public GpuAdmission {
    if (level < 0 || level > 2) {
      throw new IllegalArgumentException("gpuHealth.level must be 0, 1 or 2, got " + level);
    }
    if (diagLevel < 1 || diagLevel > 3) {
      throw new IllegalArgumentException("gpuHealth.diagLevel must be 1..3, got " + diagLevel);
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("gpuHealth.timeout must be > 0, got " + timeout);
    }
    if (watchInterval == null || watchInterval.isNegative() || watchInterval.isZero()) {
      throw new IllegalArgumentException(
          "gpuHealth.watchInterval must be > 0, got " + watchInterval);
    }
  }
}
