package dev.stratus.core.slurm;

import dev.stratus.hook.hostlist.Hostlist;
import java.util.HashMap;
import java.util.Map;

/**
 * Each node's leaf in what {@code scontrol show topology <name>} prints (Slurm 25.05 and later):
 * for a tree the {@code Level=0} switch that lists it ({@code SwitchName=rack-a Level=0 LinkSpeed=0
 * Nodes=gpu-[001-002]}; upper switches list every node below them), for blocks its {@code
 * BlockName} ({@code AggregatedBlock} lines repeat nodes and are skipped). A node in no leaf is
 * absent. Pure.
 */
public final class TopologyLeaves {
  private TopologyLeaves() {}

  public static Map<String, String> parse(String text) {
    Map<String, String> leafOf = new HashMap<>();
    for (String line : text.split("\n")) {
      Map<String, String> fields = new HashMap<>();
      for (String token : line.strip().split("\\s+")) {
        int eq = token.indexOf('=');
        if (eq > 0) {
          fields.put(token.substring(0, eq), token.substring(eq + 1));
        }
      }
      String leaf =
          fields.containsKey("BlockName")
              ? fields.get("BlockName")
              : "0".equals(fields.get("Level")) ? fields.get("SwitchName") : null;
      String nodes = fields.getOrDefault("Nodes", "");
      if (leaf == null || nodes.isEmpty() || nodes.equals("(null)")) {
        continue;
      }
      for (String node : Hostlist.expand(nodes)) {
        leafOf.put(node, leaf);
      }
    }
    return leafOf;
  }
}
