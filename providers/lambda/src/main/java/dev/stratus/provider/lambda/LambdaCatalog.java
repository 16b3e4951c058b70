package dev.stratus.provider.lambda;

import java.util.List;
import java.util.Optional;

/**
 * The Lambda instance types Stratus knows without being told (GPU model and count, vCPUs, memory),
 * from Lambda's instance-types API; another type needs its shape in the offering. All are
 * on-demand: Lambda's public cloud sells no spot capacity.
 */
public final class LambdaCatalog {
  /** One instance type. */
  public record Type(String name, String gpuModel, int gpus, int vcpus, long memoryMiB) {}

  private static final List<Type> TYPES =
      List.of(
          // 8 x H100 80 GB SXM5, NVLink; 208 vCPUs, 1800 GiB.
          new Type("gpu_8x_h100_sxm5", "h100", 8, 208, 1800L * 1024),
          // 8 x A100 80 GB SXM4, NVLink; 240 vCPUs, 1800 GiB.
          new Type("gpu_8x_a100_80gb_sxm4", "a100-80gb", 8, 240, 1800L * 1024),
          // 1 x H100 80 GB PCIe; 26 vCPUs, 200 GiB.
          new Type("gpu_1x_h100_pcie", "h100", 1, 26, 200L * 1024));

  private LambdaCatalog() {}

  public static Optional<Type> find(String name) {
    return TYPES.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  public static List<Type> all() {
    return TYPES;
  }
}
