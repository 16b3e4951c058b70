package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.word;

/** One {@code PartitionName=} line; {@code isDefault} adds {@code Default=YES}. */
public record PartitionLine(String name, String hostlist, boolean isDefault) {
  public PartitionLine {
    word("name", name);
    word("hostlist", hostlist);
  }
}
