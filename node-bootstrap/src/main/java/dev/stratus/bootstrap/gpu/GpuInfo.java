package dev.stratus.bootstrap.gpu;

import java.util.List;

/**
 * One {@code <gpu>} of {@code nvidia-smi -q -x}, reduced to what Slurm's Gres depends on.
 *
 * @param busId the {@code id} attribute (PCI bus id), to name the GPU in messages
 * @param memoryMiB {@code fb_memory_usage/total}, -1 when N/A
 * @param mig {@code mig_mode/current_mig}: Enabled, Disabled or N/A
 * @param ecc {@code ecc_mode/current_ecc}: Enabled, Disabled or N/A
 */
public record GpuInfo(
    String busId,
    String productName,
    long memoryMiB,
    String mig,
    String ecc,
    List<MigDevice> migDevices) {
  public GpuInfo {
    migDevices = List.copyOf(migDevices);
  }

  public boolean migEnabled() {
    return "Enabled".equalsIgnoreCase(mig);
  }

  /** The Gres type of this GPU, e.g. {@code h100} ({@link GpuModels#type}). */
  public String type() {
    return GpuModels.type(productName);
  }

  /**
   * One {@code <mig_device>}: nvidia-smi prints no profile name there, so the profile is derived
   * from its multiprocessor count and memory ({@link GpuModels#migProfile}).
   */
  public record MigDevice(int index, int multiprocessors, long memoryMiB) {}
}
