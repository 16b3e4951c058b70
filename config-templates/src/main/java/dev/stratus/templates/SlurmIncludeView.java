package dev.stratus.templates;

import java.util.List;

/**
 * Everything in the generated {@code stratus-slurm.conf} include: its global settings (power
 * saving, what CLOUD nodes need, the prologs, the topology plugin), already merged with the site's
 * slurm.conf, then the node and partition lines.
 */
public record SlurmIncludeView(
    List<SettingLine> settings, List<NodeLine> nodeLines, List<PartitionLine> partitionLines) {
  public SlurmIncludeView {
    settings = List.copyOf(settings);
    nodeLines = List.copyOf(nodeLines);
    partitionLines = List.copyOf(partitionLines);
    if (nodeLines.isEmpty() || partitionLines.isEmpty()) {
      throw new IllegalArgumentException("an include needs at least one node line and partition");
    }
    if (partitionLines.stream().filter(PartitionLine::isDefault).count() > 1) {
      throw new IllegalArgumentException("at most one partition may be the default");
    }
  }
}
