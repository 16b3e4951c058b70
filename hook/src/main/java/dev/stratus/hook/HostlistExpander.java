package dev.stratus.hook;

import java.util.List;

/**
 * Seam: expands a Slurm hostlist ({@code gpu-[001-003,007]}) into node names, in order, without
 * duplicates; throws IllegalArgumentException naming the bad part. The shared {@code Hostlist} is
 * used.
 */
@FunctionalInterface
interface HostlistExpander {
  List<String> expand(String hostlist);
}
