package dev.stratus.core.slurm;

import static dev.stratus.core.model.Checks.notBlank;

import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * A job as {@code squeue --json} reports it. {@code state} is upper case ({@code PENDING}, {@code
 * RUNNING}, {@code CONFIGURING}, {@code COMPLETED}, ...); {@code nodes} is the allocated hostlist
 * (empty while pending); {@code gresPerNode} is what the job asked per node, e.g. {@code
 * gpu:h100:2} (empty when none); {@code started} is when the current run started (squeue's {@code
 * start_time}: for a pending job Slurm's estimate; empty when Slurm gives none). {@code constraint}
 * is the job's {@code --constraint} as given (squeue's {@code features}), empty for none.
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
    boolean requeue,
    Optional<Instant> started,
    String constraint) {
  /** A job without {@code --constraint}. */
  public SlurmJob(
      long jobId,
      String name,
      String state,
      String reason,
      String partition,
      String nodes,
      int nodeCount,
      String gresPerNode,
      int restartCount,
      boolean requeue,
      Optional<Instant> started) {
    this(
        jobId,
        name,
        state,
        reason,
        partition,
        nodes,
        nodeCount,
        gresPerNode,
        restartCount,
        requeue,
        started,
        "");
  }

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
    started = started == null ? Optional.empty() : started;
    constraint = constraint == null ? "" : constraint.strip();
  }

  /**
   * GPUs the job holds: {@code nodeCount} × the count of its {@code gpu} GRES per node (Slurm's
   * {@code name[:type][:count]}, count 1 when left out). 0 for a job that asked for GPUs per job or
   * per task ({@code --gpus}), which squeue does not break down per node.
   */
  public int gpus() {
    int perNode = 0;
    for (String entry : gresPerNode.split(",")) {
      String[] parts = entry.strip().split(":");
      if (parts[0].equals("gpu")) {
        String last = parts[parts.length - 1];
        perNode +=
            parts.length > 1 && last.chars().allMatch(Character::isDigit)
                ? Integer.parseInt(last)
                : 1;
      }
    }
    return perNode * Math.max(nodeCount, 1);
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
