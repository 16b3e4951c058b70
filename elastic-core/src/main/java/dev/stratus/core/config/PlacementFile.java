package dev.stratus.core.config;

import dev.stratus.api.model.Pool;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A placement file for {@code stratus config render --placement}: where the clouds put each node,
 * as its switch path from the top of the network, the same paths the providers' placement calls
 * give the controller.
 *
 * <pre>
 * nodes:
 *   aws-h100-001: [nn-spine-1, nn-leaf-a, nn-host-17]
 *   gcp-a100-001: [cluster-7, rack-3]
 * </pre>
 *
 * Every node must be a slot of a pool of the config and name at least one switch; nodes the file
 * leaves out sit under their pool's {@code <pool>-unplaced} switch. Errors read like the config's,
 * {@code <file>:<line>:<column>: nodes.<node>: <problem>}.
 */
public final class PlacementFile {
  private PlacementFile() {}

  /** Switch path per node name, in the file's order. */
  public static Map<String, List<String>> load(Path file, StratusConfig config) {
    Fields root = Fields.read(file, "the placement file", "nodes");
    Fields nodes = Fields.freeForm(root.doc(), "nodes", root.required("nodes"));
    Map<String, List<String>> paths = new LinkedHashMap<>();
    for (String node : nodes.raw().entries().keySet()) {
      if (config.poolOfNode(node).isEmpty()) {
        throw nodes.error(node, "no pool has a node of this name (" + slots(config) + ")");
      }
      List<String> path = nodes.strings(node, List.of());
      if (path.isEmpty()) {
        throw nodes.error(
            node, "expected a list of switch names from the top, like [spine-a, leaf-3]");
      }
      if (path.stream().anyMatch(String::isBlank)) {
        throw nodes.error(node, "a switch name is blank");
      }
      paths.put(node, List.copyOf(path));
    }
    return paths;
  }

  /** The pools' slots, for the message about an unknown node. */
  private static String slots(StratusConfig config) {
    return config.pools().stream()
        .map(PlacementFile::slotRange)
        .collect(Collectors.joining(", ", "nodes are ", ""));
  }

  private static String slotRange(Pool pool) {
    return pool.maxNodes() == 1
        ? pool.nodeName(1)
        : pool.nodeName(1) + ".." + pool.nodeName(pool.maxNodes());
  }
}
