package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.word;

/**
 * One {@code PartitionName=} line; {@code isDefault} adds {@code Default=YES}; {@code preferred}
 * adds {@code PriorityTier=2} (the others keep Slurm's default, 1), so that Slurm tries a job
 * submitted to several partitions in this one first: a reserved block's, which is paid for whether
 * used or not.
 */
public record PartitionLine(String name, String hostlist, boolean isDefault, boolean preferred) {
  public PartitionLine {
    word("name", name);
    word("hostlist", hostlist);
  }

  public PartitionLine(String name, String hostlist, boolean isDefault) {
    this(name, hostlist, isDefault, false);
  }
}
