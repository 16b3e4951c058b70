package dev.stratus.bootstrap.health;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The pool's admission check of a node's GPUs before slurmd registers (settings key {@code
 * gpuHealth}, {@link GpuHealthCheckJson}).
 *
 * @param level 0: the inventory check only ({@code gpuCheck}); 1: also nvidia-smi's health, NVLink
 *     and the kernel log's XIDs since boot; 2: also DCGM's {@code dcgmi diag -r diagLevel}
 * @param timeout the time box of each check (each nvidia-smi run, the kernel-log read, dcgmi diag);
 *     at level 2 it must cover the diagnostic too
 * @param dcgmi where dcgmi is; empty: not installed (level 2 then refuses the node)
 * @param kernelLog {@code /dev/kmsg}, or a file of dmesg or syslog lines
 * @param requirePersistence refuse a GPU whose persistence mode is off
 */
public record GpuHealthCheck(
    int level,
    Duration timeout,
    Path nvidiaSmi,
    Optional<Path> dcgmi,
    Path kernelLog,
    int diagLevel,
    boolean requirePersistence) {
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
  public static final Path DEFAULT_NVIDIA_SMI = Path.of("/usr/bin/nvidia-smi");
  public static final Path DEFAULT_DCGMI = Path.of("/usr/bin/dcgmi");
  public static final Path DEFAULT_KERNEL_LOG = Path.of("/dev/kmsg");

  public GpuHealthCheck {
    if (level < 0 || level > 2) {
      throw new IllegalArgumentException("gpuHealth.level must be 0, 1 or 2, got " + level);
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero() || timeout.toHours() >= 24) {
      throw new IllegalArgumentException(
          "gpuHealth.timeoutSeconds must be from 1 s to under 24 h, got " + timeout);
    }
    absolute("nvidiaSmi", nvidiaSmi);
    dcgmi = dcgmi == null ? Optional.empty() : dcgmi;
    dcgmi.ifPresent(p -> absolute("dcgmi", p));
    absolute("kernelLog", kernelLog);
    if (diagLevel < 1 || diagLevel > 3) {
      throw new IllegalArgumentException("gpuHealth.diagLevel must be 1, 2 or 3, got " + diagLevel);
    }
  }

  /** Level 0: no health check beyond the inventory (what a node without {@code gpuHealth} gets). */
  public static GpuHealthCheck inventoryOnly() {
    return new GpuHealthCheck(
        0,
        DEFAULT_TIMEOUT,
        DEFAULT_NVIDIA_SMI,
        Optional.of(DEFAULT_DCGMI),
        DEFAULT_KERNEL_LOG,
        1,
        false);
  }

  private static void absolute(String field, Path p) {
    if (p == null || !p.isAbsolute()) {
      throw new IllegalArgumentException(
          "gpuHealth." + field + " must be an absolute path, got '" + p + "'");
    }
  }
}
