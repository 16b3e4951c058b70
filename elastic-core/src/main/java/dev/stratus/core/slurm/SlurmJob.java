package dev.stratus.core.slurm;

import static dev.stratus.core.model.Checks.notBlank;

import java.util.Locale;

/**
 * A job as {@code squeue --json} reports it. {@code state} is upper case ({@code PENDING}, {@code
 * RUNNING}, {@code CONFIGURING}, {@code COMPLETED}, ...); {@code nodes} is the allocated hostlist
 * (empty while pending); {@code gresPerNode} is what the job asked per node, e.g. {@code
 * gpu:h100:2} (empty when none).
 */
public record SlurmJob(
    long jobId,
    String name,
    String state,
    String reason,
    String partition,
    String nodes,
    int nodeCount,
    String gresPerNode,
    int restartCount,
    boolean requeue) {
  public SlurmJob {
    if (jobId <= 0) {
      throw new IllegalArgumentException("job id must be > 0, got " + jobId);
    }
    name = name == null ? "" : name;
    notBlank("job state", state);
    state = state.toUpperCase(Locale.ROOT);
    reason = reason == null ? "" : reason;
    partition = partition == null ? "" : partition;
    nodes = nodes == null ? "" : nodes;
    gresPerNode = gresPerNode == null ? "" : gresPerNode;
  }

  public boolean pending() {
    return state.equals("PENDING");
  }

  public boolean finished() {
    return switch (state) {
      case "COMPLETED",
              "CANCELLED",
              "FAILED",
              "TIMEOUT",
              "NODE_FAIL",
              "PREEMPTED",
              "BOOT_FAIL",
              "DEADLINE",
              "OUT_OF_MEMORY" ->
          true;
      default -> false;
    };
  }
}
