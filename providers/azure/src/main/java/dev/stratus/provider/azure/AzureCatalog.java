package dev.stratus.provider.azure;

import java.util.List;
import java.util.Optional;

/**
 * The Azure GPU VM sizes Stratus knows, from Microsoft's size pages (ND H100 v5, NDm A100 v4, ND
 * A100 v4, NC H100 v5, NC A100 v4 series). {@code gpuModel} is the Slurm GRES type the pool uses;
 * {@code interconnect} is the node-to-node fabric that matters for multi-node jobs. Sizes not
 * listed here can still be used: the offering in the settings then gives gpuModel, gpusPerNode,
 * cpus and memoryMiB itself.
 */
public final class AzureCatalog {
  /** One VM size. */
  public record Size(
      String name, String gpuModel, int gpus, int vcpus, long memoryMiB, String interconnect) {}

  private static final long GIB = 1024;

  private static final List<Size> SIZES =
      List.of(
          new Size(
              "Standard_ND96isr_H100_v5",
              "h100",
              8,
              96,
              1900 * GIB,
              "8x 400 Gb/s NDR InfiniBand (GPUDirect RDMA)"),
          new Size(
              "Standard_ND96amsr_A100_v4",
              "a100-80gb",
              8,
              96,
              1900 * GIB,
              "8x 200 Gb/s HDR InfiniBand (GPUDirect RDMA)"),
          new Size(
              "Standard_ND96asr_v4",
              "a100",
              8,
              96,
              900 * GIB,
              "8x 200 Gb/s HDR InfiniBand (GPUDirect RDMA)"),
          new Size(
              "Standard_NC40ads_H100_v5",
              "h100-nvl",
              1,
              40,
              320 * GIB,
              "Ethernet (accelerated networking), no InfiniBand"),
          new Size(
              "Standard_NC80adis_H100_v5",
              "h100-nvl",
              2,
              80,
              640 * GIB,
              "Ethernet (accelerated networking), no InfiniBand"),
          new Size(
              "Standard_NC24ads_A100_v4",
              "a100-80gb",
              1,
              24,
              220 * GIB,
              "Ethernet (accelerated networking), no InfiniBand"));

  private AzureCatalog() {}

  public static List<Size> sizes() {
    return SIZES;
  }

  /** The size with this name, compared case-insensitively as ARM does. */
  public static Optional<Size> find(String vmSize) {
    return SIZES.stream().filter(s -> s.name().equalsIgnoreCase(vmSize)).findFirst();
  }
}
