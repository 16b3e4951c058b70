package dev.stratus.core.spool;

import static dev.stratus.core.model.Checks.notBlank;
import static dev.stratus.core.model.Checks.notNull;

import dev.stratus.core.slurm.ResumeFile;
import java.time.Instant;
import java.util.List;

/**
 * One hook call, as written to the spool. {@code id} is unique and sorts in arrival order; {@code
 * nodes} is the expanded node list from the hook's argument; {@code jobs} comes from
 * SLURM_RESUME_FILE (resume only; empty otherwise).
 */
public record SpoolRequest(
    String id,
    HookKind kind,
    List<String> nodes,
    List<ResumeFile.JobNodes> jobs,
    Instant receivedAt) {
  public SpoolRequest {
    notBlank("id", id);
    notNull("kind", kind);
    nodes = List.copyOf(nodes);
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("a spool request needs at least one node");
    }
    jobs = List.copyOf(jobs);
    notNull("receivedAt", receivedAt);
  }
}
