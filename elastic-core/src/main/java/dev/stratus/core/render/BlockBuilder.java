package dev.stratus.core.render;

import dev.stratus.api.model.Pool;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.templates.BlockView;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * topology.conf for {@code topology/block} from placement (pure). A block is an NVLink domain: the
 * nodes whose placement path (as {@link TopologyBuilder} reads it: local racks, GCP {@code
 * /cluster/rack}, Azure placement group, OCI local block, AWS network nodes) ends at the same leaf.
 * Where a cloud's leaf is wider than one NVLink domain, so is the block. Slots of a pool with no
 * placement yet share the block {@code <pool>-unplaced}. Block names start with the pool's name, so
 * two pools never share a block.
 *
 * <p>{@code BlockSizes} is the smallest block's node count: slurmctld 24.11 exits ({@code fatal:
 * Block configuration (rack-b) children count lower than bblock_node_cnt}) when a block holds fewer
 * nodes than the base size, and placement grows one node at a time. Measured on 24.11.5: a job that
 * fits in a block gets nodes of one block while one has room; a larger job spans blocks.
 */
public final class BlockBuilder {
  private BlockBuilder() {}

  public static BlockView build(List<Pool> pools, Map<String, List<String>> nodePaths) {
    Map<String, TreeSet<String>> nodesOf = new TreeMap<>();
    for (Pool pool : pools) {
      for (String node : pool.nodeNames()) {
        List<String> path = nodePaths.getOrDefault(node, List.of());
        String leaf =
            path.isEmpty()
                ? "unplaced"
                : path.stream().map(TopologyBuilder::clean).collect(Collectors.joining("-"));
        String name = TopologyBuilder.fit(pool.name() + "-" + leaf);
        nodesOf.computeIfAbsent(name, k -> new TreeSet<>()).add(node);
      }
    }
    int base = nodesOf.values().stream().mapToInt(Set::size).min().orElse(1);
    List<BlockView.Block> blocks = new ArrayList<>();
    nodesOf.forEach(
        (name, nodes) ->
            blocks.add(new BlockView.Block(name, Hostlist.compressSorted(nodes), nodes.size())));
    return new BlockView(blocks, base);
  }
}
