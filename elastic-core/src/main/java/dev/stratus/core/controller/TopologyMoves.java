package dev.stratus.core.controller;

import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.templates.TopologyView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Which nodes to move, and where, so that slurmctld's live tree matches the wanted one (pure). A
 * move names the switch path from the tree's top to the node's leaf, as {@code scontrol update
 * nodename=... topology=<name>:<top>:...:<leaf>} takes it; nodes going to the same leaf move
 * together.
 */
final class TopologyMoves {
  private TopologyMoves() {}

  /**
   * {@code wanted}: the tree as topology.yaml would hold it now; {@code actual}: each node's leaf
   * in slurmctld now. Returns switch path → the nodes to move there, for every node of {@code
   * wanted} whose leaf differs.
   */
  static Map<List<String>, TreeSet<String>> plan(TopologyView wanted, Map<String, String> actual) {
    Map<String, String> parentOf = new HashMap<>();
    Map<String, String> leafOf = new HashMap<>();
    for (TopologyView.Switch s : wanted.switches()) {
      if (!s.children().isEmpty()) {
        for (String child : s.children().split(",")) {
          parentOf.put(child, s.name());
        }
      }
      if (!s.nodes().isEmpty()) {
        Hostlist.expand(s.nodes()).forEach(node -> leafOf.put(node, s.name()));
      }
    }
    Map<List<String>, TreeSet<String>> moves = new LinkedHashMap<>();
    new TreeSet<>(leafOf.keySet())
        .forEach(
            node -> {
              String leaf = leafOf.get(node);
              if (!Objects.equals(actual.get(node), leaf)) {
                moves.computeIfAbsent(path(leaf, parentOf), k -> new TreeSet<>()).add(node);
              }
            });
    return moves;
  }

  private static List<String> path(String leaf, Map<String, String> parentOf) {
    List<String> path = new ArrayList<>();
    for (String s = leaf; s != null; s = parentOf.get(s)) {
      path.add(s);
    }
    Collections.reverse(path);
    return List.copyOf(path);
  }
}
