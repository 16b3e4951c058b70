package dev.stratus.provider.gcp;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.positive;

import java.util.List;
import java.util.Optional;

/**
 * The Compute Engine machine types with NVIDIA H100/A100 GPUs built in (accelerator-optimized A3
 * and A2 series), as published in Google's GPU machine-type tables. GPU model names are the
 * lower-cased {@code gpu_model} of the bundled price table, so they double as Slurm GRES types.
 * Other types (N1 plus {@code guestAccelerators}) are declared in full in the settings.
 */
public final class GcpMachineTypes {
  /** One machine type: its GPUs, vCPUs, memory and the fabric between nodes. */
  public record MachineType(
      String name, String gpuModel, int gpus, int cpus, long memoryMiB, String network) {
    public MachineType {
      notBlank("name", name);
      notBlank("gpuModel", gpuModel);
      positive("gpus", gpus);
      positive("cpus", cpus);
      positive("memoryMiB", memoryMiB);
      notBlank("network", network);
    }
  }

  private static final long GIB = 1024;

  public static final List<MachineType> ALL =
      List.of(
          new MachineType("a3-megagpu-8g", "h100", 8, 208, 1872 * GIB, "GPUDirect-TCPXO 1800 Gbps"),
          new MachineType("a3-highgpu-8g", "h100", 8, 208, 1872 * GIB, "GPUDirect-TCPX 1000 Gbps"),
          new MachineType("a3-highgpu-1g", "h100", 1, 26, 234 * GIB, "gVNIC 50 Gbps"),
          new MachineType("a2-ultragpu-8g", "a100-80gb", 8, 96, 1360 * GIB, "gVNIC 100 Gbps"),
          new MachineType("a2-ultragpu-1g", "a100-80gb", 1, 12, 170 * GIB, "gVNIC 24 Gbps"),
          new MachineType("a2-megagpu-16g", "a100", 16, 96, 1360 * GIB, "gVNIC 100 Gbps"),
          new MachineType("a2-highgpu-8g", "a100", 8, 96, 680 * GIB, "gVNIC 100 Gbps"),
          new MachineType("a2-highgpu-1g", "a100", 1, 12, 85 * GIB, "gVNIC 24 Gbps"));

  private GcpMachineTypes() {}

  public static Optional<MachineType> find(String name) {
    return ALL.stream().filter(t -> t.name().equals(name)).findFirst();
  }
}
