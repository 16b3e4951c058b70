package dev.stratus.core.render;

import java.nio.file.Path;
import java.util.List;

/**
 * The include cannot be merged with the site's slurm.conf: a setting both need with different
 * values, one slurm.conf sets after its Include line, or a node or partition name both declare.
 * Nothing is written; {@code stratus config check} shows every finding.
 */
public final class IncludeConflicts extends RuntimeException {
  private final transient List<IncludeMerge.Finding> findings;

  IncludeConflicts(Path slurmConf, List<IncludeMerge.Finding> findings) {
    super(
        "the include cannot be merged with "
            + slurmConf
            + ":\n  "
            + String.join(
                "\n  ",
                findings.stream()
                    .filter(f -> f.verdict() == IncludeMerge.Verdict.CONFLICT)
                    .map(IncludeMerge.Finding::text)
                    .toList()));
    this.findings = List.copyOf(findings);
  }

  public List<IncludeMerge.Finding> findings() {
    return findings;
  }
}
