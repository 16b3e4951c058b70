package dev.stratus.templates;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Everything in the generated {@code stratus-slurm.conf} include. {@code taskProlog}: the absolute
 * path of the TaskProlog that exports STRATUS_CHECKPOINT_DIR to jobs, or "" for none. {@code
 * topologyTree}: the include sets {@code TopologyPlugin=topology/tree} (the controller writes
 * topology.conf).
 */
public record SlurmIncludeView(
    PowerSaveView powerSave,
    List<NodeLine> nodeLines,
    List<PartitionLine> partitionLines,
    String taskProlog,
    boolean topologyTree) {
  public SlurmIncludeView {
    requireNonNull(powerSave, "powerSave");
    ViewChecks.text("taskProlog", taskProlog);
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
