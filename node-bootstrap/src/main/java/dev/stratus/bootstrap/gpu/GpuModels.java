package dev.stratus.bootstrap.gpu;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Names Slurm Gres types from what nvidia-smi prints. Pure.
 *
 * <p>GPU type: the product name's first word after the brand ({@code NVIDIA}, {@code Tesla}),
 * lower-cased and cut at the first '-': "NVIDIA H100 80GB HBM3" and "NVIDIA H100 PCIe" are {@code
 * h100}, "NVIDIA A100-SXM4-80GB" is {@code a100}, "Tesla T4" is {@code t4}.
 *
 * <p>MIG profile: {@code nvidia-smi -q -x} has no profile name in {@code <mig_device>}, only the
 * instance's multiprocessor count and memory. The compute slices come from the multiprocessor
 * counts of NVIDIA's MIG profiles (A100/A30: 14 per slice, 98 for 7g; H100/H200: 16, 32, 60, 64,
 * 132); the memory is the smallest nominal profile size (in GB, as in {@code 3g.20gb}) that the
 * reported MiB fit in and fill to at least 85%.
 */
public final class GpuModels {
  private static final Set<String> BRANDS = Set.of("nvidia", "tesla");
  private static final Map<Integer, Integer> SLICES_BY_SMS =
      Map.ofEntries(
          Map.entry(14, 1),
          Map.entry(16, 1),
          Map.entry(28, 2),
          Map.entry(32, 2),
          Map.entry(42, 3),
          Map.entry(60, 3),
          Map.entry(56, 4),
          Map.entry(64, 4),
          Map.entry(98, 7),
          Map.entry(114, 7),
          Map.entry(132, 7));
  private static final int[] NOMINAL_GB = {
    5, 6, 10, 12, 18, 20, 24, 35, 40, 45, 47, 48, 71, 80, 94, 96, 141
  };

  private GpuModels() {}

  public static String type(String productName) {
    String[] words = productName.strip().toLowerCase(Locale.ROOT).split("\\s+");
    int i = 0;
    while (i < words.length - 1 && BRANDS.contains(words[i])) {
      i++;
    }
    String word = words[i];
    int dash = word.indexOf('-');
    return dash > 0 ? word.substring(0, dash) : word;
  }

  /** {@code 3g.20gb}, or empty when the multiprocessor count is of no known profile. */
  public static Optional<String> migProfile(int multiprocessors, long memoryMiB) {
    Integer slices = SLICES_BY_SMS.get(multiprocessors);
    if (slices == null || memoryMiB <= 0) {
      return Optional.empty();
    }
    double gib = memoryMiB / 1024.0;
    long gb = (long) Math.ceil(gib);
    for (int nominal : NOMINAL_GB) {
      if (gib <= nominal && gib >= 0.85 * nominal) {
        gb = nominal;
        break;
      }
    }
    return Optional.of(slices + "g." + gb + "gb");
  }

  /**
   * The Gres type of a MIG device: {@code a100_3g.20gb}; {@code <type>_unknown-<N>sm} if unknown.
   */
  public static String migGresType(String gpuType, GpuInfo.MigDevice d) {
    return gpuType
        + "_"
        + migProfile(d.multiprocessors(), d.memoryMiB())
            .orElse("unknown-" + d.multiprocessors() + "sm-" + d.memoryMiB() + "mib");
  }
}
