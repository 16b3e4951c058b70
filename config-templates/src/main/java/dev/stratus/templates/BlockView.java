package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.positive;
import static dev.stratus.templates.ViewChecks.word;

import java.util.List;

/**
 * topology.conf for {@code TopologyPlugin=topology/block} (Slurm 23.11 and later): one line per
 * block with its nodes (a hostlist), then {@code BlockSizes=<base>}. Slurm's rule, checked here
 * because slurmctld 24.11 exits with {@code fatal: Block configuration (X) children count lower
 * than bblock_node_cnt} when it is broken: every block holds at least {@code baseBlockSize} nodes.
 */
public record BlockView(List<BlockView.Block> blocks, int baseBlockSize) {
  public BlockView {
    blocks = List.copyOf(blocks);
    positive("baseBlockSize", baseBlockSize);
    if (blocks.isEmpty()) {
      throw new IllegalArgumentException("a block topology needs at least one block");
    }
    for (Block b : blocks) {
      if (b.nodeCount() < baseBlockSize) {
        throw new IllegalArgumentException(
            "block "
                + b.name()
                + " has "
                + b.nodeCount()
                + " node(s), fewer than the base block size "
                + baseBlockSize);
      }
    }
  }

  /** A block: its name, its nodes as a hostlist and how many they are. */
  public record Block(String name, String nodes, int nodeCount) {
    public Block {
      word("name", name);
      word("nodes", nodes);
      positive("nodeCount", nodeCount);
    }
  }
}
