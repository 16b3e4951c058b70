package dev.stratus.core.render;

import dev.stratus.api.model.Pool;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.templates.TopologyView;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * topology.conf from placement (pure): each node's switch path from the top, as the providers
 * report it (AWS network nodes, GCP {@code /cluster/rack}, Azure placement group, local racks).
 * Nodes of a pool with no placement yet sit under {@code <pool>-unplaced}. When there is more than
 * one top switch, a {@code stratus-root} joins them so a job may still span them (Slurm cannot
 * place a job across switches with no common ancestor).
 *
 * <p>A pool that shares its partition with other pools gets a tree of its own instead: every path
 * starts at a switch named after the pool, and no root joins it to anything, so Slurm never gives
 * one job nodes of two pools (their offerings differ: such a job could not launch in one provider
 * and zone). Measured on 22.05: a job bigger than any one tree is refused at submission ({@code
 * Requested node configuration is not available}), and slurmctld logs once {@code no switch can
 * reach all nodes}, which is meant. Switch names are the path's elements, cleaned to letters,
 * digits, '-' and '_', joined with '-' so equal names under different parents stay distinct. Slurm
 * refuses switch names longer than {@value #MAX_NAME} characters (topology.conf(5)), which three or
 * four AWS network-node ids exceed: a longer name keeps its end (the most specific part) and ends
 * in 8 hex digits of a hash of the whole name, so it stays distinct and the same from one pass to
 * the next.
 *
 * <p>{@code rooted} (topology.yaml, Slurm 25.05+) puts {@code stratus-root} above the tops even
 * when there is one: {@code scontrol update nodename=... topology=} only grows a tree under a
 * switch that exists (measured on 26.05.5: {@code Don't know where to add switch}), and a node
 * placed later goes under a new top.
 */
public final class TopologyBuilder {
  static final String ROOT = "stratus-root";
  static final int MAX_NAME = 64;

  private TopologyBuilder() {}

  public static TopologyView build(List<Pool> pools, Map<String, List<String>> nodePaths) {
    return build(pools, nodePaths, false);
  }

  /** As {@link #build(List, Map)}; {@code rooted}: a root above the tops even when one. */
  public static TopologyView build(
      List<Pool> pools, Map<String, List<String>> nodePaths, boolean rooted) {
    Map<String, TreeSet<String>> nodesOf = new TreeMap<>();
    Map<String, TreeSet<String>> childrenOf = new TreeMap<>();
    TreeSet<String> tops = new TreeSet<>();
    Set<String> ownTree = poolsSharingAPartition(pools);
    for (Pool pool : pools) {
      for (String node : pool.nodeNames()) {
        List<String> path = nodePaths.getOrDefault(node, List.of());
        if (ownTree.contains(pool.name())) {
          path = Stream.concat(Stream.of(pool.name()), path.stream()).toList();
          path = path.size() == 1 ? List.of(pool.name(), "unplaced") : path;
        } else if (path.isEmpty()) {
          path = List.of(pool.name() + "-unplaced");
        }
        String parent = null;
        String name = "";
        for (String element : path) {
          name = name.isEmpty() ? clean(element) : name + "-" + clean(element);
          if (parent == null) {
            tops.add(name);
          } else {
            childrenOf.computeIfAbsent(parent, k -> new TreeSet<>()).add(name);
          }
          parent = name;
        }
        nodesOf.computeIfAbsent(parent, k -> new TreeSet<>()).add(node);
      }
    }
    tops.removeAll(ownTree);
    // A switch cannot hold both nodes and switches: its own nodes move to a "-direct" leaf.
    for (String inner : new ArrayList<>(childrenOf.keySet())) {
      TreeSet<String> direct = nodesOf.remove(inner);
      if (direct != null) {
        nodesOf.put(inner + "-direct", direct);
        childrenOf.get(inner).add(inner + "-direct");
      }
    }
    if (tops.size() > 1 || (rooted && !tops.isEmpty())) {
      childrenOf.put(ROOT, tops);
    }
    List<TopologyView.Switch> switches = new ArrayList<>();
    TreeSet<String> names = new TreeSet<>(nodesOf.keySet());
    names.addAll(childrenOf.keySet());
    for (String name : names) {
      TreeSet<String> nodes = nodesOf.get(name);
      TreeSet<String> children = childrenOf.get(name);
      switches.add(
          new TopologyView.Switch(
              fit(name),
              nodes == null ? "" : Hostlist.compressSorted(nodes),
              children == null
                  ? ""
                  : children.stream().map(TopologyBuilder::fit).collect(Collectors.joining(","))));
    }
    return new TopologyView(switches);
  }

  /** Names of the pools whose partition holds other pools too. */
  private static Set<String> poolsSharingAPartition(List<Pool> pools) {
    Map<String, List<String>> byPartition =
        pools.stream()
            .collect(
                Collectors.groupingBy(
                    Pool::partition, Collectors.mapping(Pool::name, Collectors.toList())));
    Set<String> sharing = new HashSet<>();
    byPartition.values().stream().filter(names -> names.size() > 1).forEach(sharing::addAll);
    return sharing;
  }

  /** The name itself, or for one over {@value #MAX_NAME} characters its end and a hash. */
  static String fit(String name) {
    if (name.length() <= MAX_NAME) {
      return name;
    }
    String hash;
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
      hash = HexFormat.of().formatHex(digest, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
    String end = name.substring(name.length() - (MAX_NAME - hash.length() - 1));
    return end.replaceAll("^[-_]+", "") + "-" + hash;
  }

  static String clean(String element) {
    String cleaned = element.replaceAll("[^A-Za-z0-9_-]+", "-").replaceAll("^-+|-+$", "");
    return cleaned.isEmpty() ? "x" : cleaned;
  }
}
