package dev.stratus.provider.local;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which rack (leaf switch under one {@code spine}) a local node sits in, from the {@code racks}
 * setting. Either every rack maps to a node count — racks fill in order by the number at the end of
 * the node name (rack1: 2, rack2: 2 puts gpu-001, gpu-002 in rack1 and gpu-003, gpu-004 in rack2) —
 * or every rack maps to a list of node names. A node the layout does not place goes to the last
 * rack, so every node always has a place in topology.conf.
 */
final class RackLayout {
  static final String SPINE = "spine";
  private static final Pattern TRAILING_DIGITS = Pattern.compile(".*?(\\d+)$");

  private final Map<String, Integer> counts;
  private final Map<String, String> rackOfNode;
  private final String lastRack;

  private RackLayout(Map<String, Integer> counts, Map<String, String> rackOfNode, String lastRack) {
    this.counts = counts;
    this.rackOfNode = rackOfNode;
    this.lastRack = lastRack;
  }

  static RackLayout single() {
    return new RackLayout(Map.of(), Map.of(), "rack1");
  }

  /** Parses the {@code racks} setting (a map, in order); null gives one rack named rack1. */
  static RackLayout parse(Object racks) {
    if (racks == null) {
      return single();
    }
    if (!(racks instanceof Map<?, ?> map) || map.isEmpty()) {
      throw new IllegalArgumentException(
          "racks must be a non-empty map of rack name to a node count or a list of node names, got "
              + racks);
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    Map<String, String> byNode = new LinkedHashMap<>();
    String last = null;
    for (var e : map.entrySet()) {
      String rack = String.valueOf(e.getKey());
      last = rack;
      if (e.getValue() instanceof Integer n && n > 0) {
        counts.put(rack, n);
      } else if (e.getValue() instanceof List<?> nodes && !nodes.isEmpty()) {
        for (Object node : nodes) {
          String previous = byNode.put(String.valueOf(node), rack);
          if (previous != null) {
            throw new IllegalArgumentException(
                "racks: node " + node + " is in both " + previous + " and " + rack);
          }
        }
      } else {
        throw new IllegalArgumentException(
            "racks."
                + rack
                + " must be a node count > 0 or a non-empty list of node names, got "
                + e.getValue());
      }
    }
    if (!counts.isEmpty() && !byNode.isEmpty()) {
      throw new IllegalArgumentException(
          "racks: give every rack either a node count or a list of node names, not both kinds");
    }
    return new RackLayout(counts, byNode, last);
  }

  String rackOf(String nodeName) {
    String named = rackOfNode.get(nodeName);
    if (named != null) {
      return named;
    }
    Matcher m = TRAILING_DIGITS.matcher(nodeName);
    if (!counts.isEmpty() && m.matches() && m.group(1).length() <= 6) {
      int index = Integer.parseInt(m.group(1));
      int upTo = 0;
      for (var e : counts.entrySet()) {
        upTo += e.getValue();
        if (index >= 1 && index <= upTo) {
          return e.getKey();
        }
      }
    }
    return lastRack;
  }

  /** The switch path from the top for one node: {@code [spine, <rack>]}. */
  List<String> pathOf(String nodeName) {
    return new ArrayList<>(List.of(SPINE, rackOf(nodeName)));
  }
}
