package dev.stratus.core.bench;

import java.util.List;

/** Nearest-rank percentiles of figures a benchmark collected. */
public final class Percentiles {
  private Percentiles() {}

  /** The smallest value with at least {@code p} % of the values at or below it. */
  public static long of(List<Long> values, int p) {
    List<Long> sorted = values.stream().sorted().toList();
    int rank = (int) Math.ceil(p / 100.0 * sorted.size());
    return sorted.get(Math.max(rank, 1) - 1);
  }
}
