package dev.stratus.templates;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** Everything in the generated {@code stratus-slurm.conf} include. */
public record SlurmIncludeView(
    PowerSaveView powerSave, List<NodeLine> nodeLines, List<PartitionLine> partitionLines) {
  public SlurmIncludeView {
    requireNonNull(powerSave, "powerSave");
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
