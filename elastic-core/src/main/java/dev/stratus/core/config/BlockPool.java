package dev.stratus.core.config;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The rule for pools with reserved offerings: such a pool is a <em>block pool</em>, all of whose
 * offerings launch into one reservation. Its nodes are the block's: Slurm keeps them in a
 * maintenance reservation outside the window ({@code dev.stratus.core.render.BlockWindows}), which
 * would keep any spot or on-demand offering of the same pool out too. Put spot and on-demand in
 * pools of their own beside it (a job submitted to both partitions runs on whichever starts it
 * first).
 */
final class BlockPool {
  private BlockPool() {}

  static void check(Fields pool, String name, List<Offering> offerings) {
    long reserved =
        offerings.stream().filter(o -> o.capacityType() == CapacityType.RESERVED).count();
    if (reserved == 0) {
      return;
    }
    if (reserved < offerings.size()) {
      throw pool.error(
          "offerings",
          "pool '"
              + name
              + "' mixes reserved and other offerings: a block pool's nodes sit in a Slurm"
              + " maintenance reservation outside the window, which would keep the others out"
              + " too; put them in a pool of their own");
    }
    Set<String> ids =
        offerings.stream().map(o -> o.key().reservation()).collect(Collectors.toSet());
    if (ids.size() > 1) {
      throw pool.error(
          "offerings",
          "pool '"
              + name
              + "' launches into reservations "
              + String.join(", ", ids.stream().sorted().toList())
              + ": a block pool has one reservation (give each its own pool)");
    }
  }
}
