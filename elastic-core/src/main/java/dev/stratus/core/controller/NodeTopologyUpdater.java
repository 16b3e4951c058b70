package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.render.TopologyBuilder;
import dev.stratus.core.render.TopologyYaml;
import dev.stratus.core.slurm.SlurmClient;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * With {@code slurm.topology: tree} on Slurm 25.05 and later: keeps each partition's live tree in
 * slurmctld in line with where the providers placed the running nodes by moving nodes with {@code
 * scontrol update nodename=... topology=} ({@link TopologyMoves}), with no reconfigure, so
 * slurmctld does not restart and no boot-wait prolog is killed. topology.yaml stays as {@code
 * stratus config render} wrote it, every node under its pool's unplaced switch: slurmctld puts a
 * node back there when it powers down (measured on 26.05.5), which is right for a cloud slot whose
 * next instance lands anywhere. Each pass compares with what slurmctld shows, so the moves are made
 * again after a slurmctld restart or a site's reconfigure. Never throws. Not thread-safe.
 */
public final class NodeTopologyUpdater implements TopologyPass {
  private static final Logger log = LoggerFactory.getLogger(NodeTopologyUpdater.class);

  private final Map<String, List<Pool>> poolsByPartition = new LinkedHashMap<>();
  private final SlurmClient slurm;
  private final PlacementAsker placement;

  public NodeTopologyUpdater(
      List<Pool> pools, SlurmClient slurm, Map<String, NodeProvider> providers, Clock clock) {
    pools.forEach(
        p -> poolsByPartition.computeIfAbsent(p.partition(), k -> new ArrayList<>()).add(p));
    this.slurm = slurm;
    this.placement = new PlacementAsker(providers, clock);
  }

  @Override
  public void update(List<Instance> instances, Set<String> unlisted) {
    List<Instance> alive = instances.stream().filter(i -> i.state().alive()).toList();
    placement
        .nodePaths(alive, unlisted)
        .ifPresent(paths -> poolsByPartition.forEach((p, pools) -> align(p, pools, paths)));
  }

  private void align(String partition, List<Pool> pools, Map<String, List<String>> paths) {
    String topology = TopologyYaml.nameOf(partition);
    Map<String, String> actual;
    try {
      actual = slurm.topologyLeaves(topology);
    } catch (RuntimeException e) {
      log.warn("cannot read topology {} from slurmctld: {}", topology, e.getMessage());
      return;
    }
    if (actual.isEmpty()) {
      log.warn(
          "slurmctld holds no node in topology {}: is topology.yaml beside slurm.conf the one"
              + " `stratus config render` wrote?",
          topology);
      return;
    }
    var moves = TopologyMoves.plan(TopologyBuilder.build(pools, paths, true), actual);
    for (Map.Entry<List<String>, TreeSet<String>> move : moves.entrySet()) {
      try {
        slurm.setTopology(move.getValue(), topology, move.getKey());
        log.info(
            "topology {}: {} node(s) moved to {}",
            topology,
            move.getValue().size(),
            String.join(":", move.getKey()));
      } catch (RuntimeException e) {
        log.warn(
            "topology {}: moving {} to {} failed (tried again next pass): {}",
            topology,
            move.getValue(),
            String.join(":", move.getKey()),
            e.getMessage());
      }
    }
  }
}
