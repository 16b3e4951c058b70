package dev.stratus.provider.oci;

import java.util.List;
import java.util.Optional;

/**
 * The OCI bare-metal GPU shapes Stratus knows without being told, from OCI's compute shapes page:
 * GPU model and count, vCPUs (OCPUs × 2), memory and the RDMA cluster network. None of them can be
 * preemptible: OCI's preemptible capacity "does not support bare metal instances" (Preemptible
 * Instances, Support and Limitations), so {@code capacityType: spot} on a {@code BM.*} shape is
 * refused when the settings are read. All three join compute clusters (RDMA over RoCE v2).
 */
public final class OciCatalog {
  /** One shape. {@code rdmaGbps}: the cluster network bandwidth per node. */
  public record Shape(
      String name,
      String gpuModel,
      int gpus,
      int vcpus,
      long memoryMiB,
      int rdmaGbps,
      boolean preemptible,
      boolean computeCluster) {}

  private static final List<Shape> SHAPES =
      List.of(
          // 8 x H100 80 GB SXM, 112 OCPUs, 2 TB, 16 x 200 Gb/s RoCE.
          new Shape("BM.GPU.H100.8", "h100", 8, 224, 2048L * 1024, 3200, false, true),
          // 8 x A100 80 GB SXM, 128 OCPUs, 2 TB, 16 x 100 Gb/s RoCE.
          new Shape("BM.GPU.A100-v2.8", "a100-80gb", 8, 256, 2048L * 1024, 1600, false, true),
          // 8 x A100 40 GB SXM, 64 OCPUs, 2 TB, 8 x 200 Gb/s RoCE.
          new Shape("BM.GPU4.8", "a100", 8, 128, 2048L * 1024, 1600, false, true));

  private OciCatalog() {}

  public static Optional<Shape> find(String shape) {
    return SHAPES.stream().filter(s -> s.name().equals(shape)).findFirst();
  }

  public static List<Shape> all() {
    return SHAPES;
  }

  /** Bare-metal shapes ({@code BM.*}) never take preemptible capacity. */
  static boolean bareMetal(String shape) {
    return shape.startsWith("BM.");
  }
}
