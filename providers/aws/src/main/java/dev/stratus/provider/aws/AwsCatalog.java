package dev.stratus.provider.aws;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The EC2 GPU instance types Stratus knows without being told: GPU model and count, vCPUs, memory
 * and the node-to-node network, from the EC2 accelerated-computing instance type pages. Any other
 * type can still be used by giving its shape in the offering's settings.
 */
public final class AwsCatalog {
  /** One instance type. {@code efaGbps} is the total EFA bandwidth (GPUDirect RDMA capable). */
  public record InstanceType(
      String name, String gpuModel, int gpus, int vcpus, long memoryMiB, int efaGbps) {}

  private static final List<InstanceType> TYPES =
      List.of(
          // 8 x H100 80 GB SXM, NVSwitch; 32 EFA v2 interfaces, 3200 Gbps.
          new InstanceType("p5.48xlarge", "h100", 8, 192, 2048L * 1024, 3200),
          // 8 x A100 40 GB SXM, NVSwitch; 4 EFA interfaces, 400 Gbps.
          new InstanceType("p4d.24xlarge", "a100", 8, 96, 1152L * 1024, 400),
          // 8 x A100 80 GB SXM, NVSwitch; 4 EFA interfaces, 400 Gbps.
          new InstanceType("p4de.24xlarge", "a100-80gb", 8, 96, 1152L * 1024, 400));

  private static final Map<String, InstanceType> BY_NAME =
      TYPES.stream().collect(Collectors.toUnmodifiableMap(InstanceType::name, Function.identity()));

  private AwsCatalog() {}

  public static Optional<InstanceType> find(String instanceType) {
    return Optional.ofNullable(BY_NAME.get(instanceType));
  }

  public static List<InstanceType> all() {
    return TYPES;
  }
}
