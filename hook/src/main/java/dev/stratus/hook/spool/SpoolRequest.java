package dev.stratus.hook.spool;

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
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("id must not be blank");
    }
    if (kind == null || receivedAt == null) {
      throw new IllegalArgumentException((kind == null ? "kind" : "receivedAt") + " must be set");
    }
    nodes = List.copyOf(nodes);
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("a spool request needs at least one node");
    }
    jobs = List.copyOf(jobs);
  }
}
