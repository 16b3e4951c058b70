package dev.stratus.cli;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.plan.DeadlineStatus;
import dev.stratus.core.slurm.SlurmNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code stratus status} prints, computed from observations (pure): pools, nodes, instances,
 * the deadline jobs' latest decisions ({@link DeadlineLines}) and mismatches.
 */
public record StatusReport(List<String> lines, List<String> mismatches) {
  /** Without deadline decisions. */
  public static StatusReport of(
      String cluster,
      List<Pool> pools,
      List<SlurmNode> nodes,
      List<Instance> instances,
      Instant now) {
    return of(cluster, pools, nodes, instances, List.of(), now);
  }

  public static StatusReport of(
      String cluster,
      List<Pool> pools,
      List<SlurmNode> nodes,
      List<Instance> instances,
      List<DeadlineStatus> deadlines,
      Instant now) {
    List<String> lines = new ArrayList<>();
    List<String> mismatches = new ArrayList<>();
    Map<String, Instance> byNode = new HashMap<>();
    for (Instance i : instances) {
      i.nodeName().ifPresent(n -> byNode.put(n, i));
    }
    Map<String, SlurmNode> nodesByName = new HashMap<>();
    nodes.forEach(n -> nodesByName.put(n.name(), n));
    lines.add("cluster " + cluster);
    lines.add("pools:");
    for (Pool p : pools) {
      lines.add(
          String.format(
              Locale.ROOT,
              "  %-10s partition=%s %dx %s, %d CPUs, %d MiB, max %d nodes",
              p.name(),
              p.partition(),
              p.gpusPerNode(),
              p.gpuModel(),
              p.cpus(),
              p.memoryMiB(),
              p.maxNodes()));
      for (Offering o : p.offerings()) {
        lines.add("    offering " + o.key() + " $" + o.pricePerHour() + "/node-hour");
      }
    }
    lines.add("nodes:");
    for (Pool p : pools) {
      for (String name : p.nodeNames()) {
        SlurmNode n = nodesByName.get(name);
        Instance i = byNode.get(name);
        String state = n == null ? "(unknown to slurm)" : n.shortState();
        String reason = n == null || n.reason().isEmpty() ? "" : "  reason: " + n.reason();
        String inst = i == null ? "" : "  instance " + i.id();
        lines.add(String.format(Locale.ROOT, "  %-12s %-12s%s%s", name, state, inst, reason));
        if (n != null && n.wantsInstance() && !n.poweringUp() && !n.down() && i == null) {
          mismatches.add(name + ": powered up in Slurm but no instance");
        }
        if (n == null) {
          mismatches.add(name + ": in a pool but unknown to Slurm (is the include in slurm.conf?)");
        }
      }
    }
    lines.add("instances:");
    for (Instance i : instances) {
      String node = i.nodeName().orElse("?");
      long age = Duration.between(i.launchedAt(), now).toSeconds();
      lines.add(
          String.format(
              Locale.ROOT,
              "  %-16s %-8s %s node=%s age=%ds %s",
              i.id(),
              i.state().name().toLowerCase(Locale.ROOT),
              i.offering(),
              node,
              age,
              i.address()));
      SlurmNode n = nodesByName.get(node);
      if (n == null || !n.wantsInstance()) {
        mismatches.add(i.id() + ": instance for node " + node + " which Slurm has powered down");
      }
    }
    lines.addAll(DeadlineLines.of(deadlines));
    lines.add(mismatches.isEmpty() ? "mismatches: none" : "mismatches:");
    mismatches.forEach(m -> lines.add("  " + m));
    return new StatusReport(lines, mismatches);
  }
}
