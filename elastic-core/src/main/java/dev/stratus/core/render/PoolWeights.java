package dev.stratus.core.render;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Slurm allocates nodes of lower Weight first, so a pool's Weight is its rank by the price per
 * GPU-hour of its cheapest offering: the cheapest pool gets 1, the next 2; equal prices share a
 * rank. Comparing per GPU, not per node, makes an 8-GPU and a 4-GPU node comparable. A reserved
 * offering counts as free: a block or reservation is paid for whether used or not, so its marginal
 * cost is zero and its nodes go first.
 */
final class PoolWeights {
  private PoolWeights() {}

  static Map<String, Integer> of(List<Pool> pools) {
    TreeSet<BigDecimal> prices = new TreeSet<>();
    pools.forEach(p -> prices.add(cheapestPerGpuHour(p)));
    return pools.stream()
        .collect(
            Collectors.toMap(
                Pool::name, p -> 1 + prices.headSet(cheapestPerGpuHour(p)).size(), (a, b) -> a));
  }

  static BigDecimal cheapestPerGpuHour(Pool pool) {
    return pool.offerings().stream()
        .map(o -> perGpuHour(pool, o))
        .min(Comparator.naturalOrder())
        .orElseThrow();
  }

  /** A note for the include, e.g. {@code pool gpu: 2 offerings, cheapest 4.92/GPU-hour (...)}. */
  static String describe(Pool pool) {
    Offering cheapest =
        pool.offerings().stream().min(Comparator.comparing(o -> perGpuHour(pool, o))).orElseThrow();
    int n = pool.offerings().size();
    return "pool "
        + pool.name()
        + ": "
        + n
        + (n == 1 ? " offering" : " offerings")
        + ", cheapest "
        + perGpuHour(pool, cheapest).setScale(2, RoundingMode.HALF_UP).toPlainString()
        + "/GPU-hour ("
        + cheapest.key()
        + ")";
  }

  /**
   * Per GPU the pool uses: an offering with more GPUs than the pool declares is paid in full but
   * only the pool's count is schedulable.
   */
  private static BigDecimal perGpuHour(Pool pool, Offering o) {
    if (o.capacityType() == CapacityType.RESERVED) {
      return BigDecimal.ZERO;
    }
    return o.pricePerHour().divide(BigDecimal.valueOf(pool.gpusPerNode()), MathContext.DECIMAL64);
  }
}
