package dev.stratus.tests.scale;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What the scale harness builds: {@code nodes} CLOUD node slots over {@link #POOLS} (the first
 * holds {@code burstNodes}, the rest share what is left), {@code jobs} queued jobs, each node
 * booting {@code boot} after its launch, and {@code passes} controller passes measured once the
 * whole queue is in.
 */
public record ScaleSpec(int nodes, int jobs, int burstNodes, Duration boot, int passes) {
  /** A pool of the harness: its name (also its partition and instance type) and GPUs per node. */
  public record PoolShape(String name, String gpuModel, int gpus, int nodes) {}

  static final List<String> POOLS = List.of("h100:8", "h200:8", "a100:8", "l40s:4");

  public ScaleSpec {
    if (nodes < 2 * POOLS.size()) {
      throw new IllegalArgumentException(
          "scale.nodes must be at least " + 2 * POOLS.size() + ", got " + nodes);
    }
    if (burstNodes < 1 || burstNodes > nodes - (POOLS.size() - 1)) {
      throw new IllegalArgumentException(
          "the burst must be 1.." + (nodes - POOLS.size() + 1) + " nodes, got " + burstNodes);
    }
    if (jobs < 100) {
      throw new IllegalArgumentException("scale.jobs must be at least 100, got " + jobs);
    }
    if (boot.isNegative() || passes < 1) {
      throw new IllegalArgumentException("boot must be >= 0 and passes >= 1");
    }
  }

  /** The pools: the burst pool first, then the others sharing the remaining slots evenly. */
  public List<PoolShape> pools() {
    List<PoolShape> pools = new ArrayList<>();
    int rest = nodes - burstNodes;
    int others = POOLS.size() - 1;
    for (int i = 0; i < POOLS.size(); i++) {
      String[] p = POOLS.get(i).split(":");
      int size = i == 0 ? burstNodes : rest / others + (i - 1 < rest % others ? 1 : 0);
      pools.add(new PoolShape(p[0], p[0], Integer.parseInt(p[1]), size));
    }
    return pools;
  }
}
