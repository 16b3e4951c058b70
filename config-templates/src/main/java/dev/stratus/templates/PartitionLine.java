package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.word;

/**
 * One {@code PartitionName=} line; {@code isDefault} adds {@code Default=YES}; {@code preferred}
 * adds {@code PriorityTier=2} (the others keep Slurm's default, 1), so that Slurm tries a job
 * submitted to several partitions in this one first: a reserved block's, which is paid for whether
 * used or not. {@code topology}: the topology.yaml topology its jobs are placed by (Slurm 25.05 and
 * later), or empty for the cluster's default.
 */
public record PartitionLine(
    String name, String hostlist, boolean isDefault, boolean preferred, String topology) {
  public PartitionLine {
    word("name", name);
    word("hostlist", hostlist);
    if (!topology.isEmpty()) {
      word("topology", topology);
    }
  }

  public PartitionLine(String name, String hostlist, boolean isDefault) {
    this(name, hostlist, isDefault, false, "");
  }
}
