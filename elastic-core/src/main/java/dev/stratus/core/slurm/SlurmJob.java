package dev.stratus.core.slurm;

import static dev.stratus.api.model.Checks.notBlank;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * A job as {@code squeue --json} reports it. {@code state} is upper case ({@code PENDING}, {@code
 * RUNNING}, {@code CONFIGURING}, {@code COMPLETED}, ...); {@code nodes} is the allocated hostlist
 * (empty while pending); {@code gresPerNode} is what the job asked per node, e.g. {@code
 * gpu:h100:2} (empty when none); {@code started} is when the current run started (squeue's {@code
 * start_time}: for a pending job Slurm's estimate; empty when Slurm gives none). {@code
 * accounting}: who the job is for and how long it may run ({@link Accounting}). {@code constraint}
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
    Accounting accounting,
    String constraint) {
  /**
   * Who pays for the job and for how long: {@code user} and {@code account} (empty when Slurm has
   * none: no slurmdbd, no default account), {@code timeLimit} (empty when the job has none, i.e.
   * INFINITE), and {@code ended} (squeue's {@code end_time}, only for a finished job: for a running
   * one it is the projected end). {@code adminComment}: the job's AdminComment (empty for none),
   * where Stratus writes why it holds a job for a budget. {@code submitted} (squeue's {@code
   * submit_time}) and {@code deadline} ({@code sbatch --deadline}: squeue's {@code deadline}, empty
   * when 0, i.e. none).
   */
  public record Accounting(
      String user,
      String account,
      Optional<Duration> timeLimit,
      Optional<Instant> ended,
      String adminComment,
      Optional<Instant> submitted,
      Optional<Instant> deadline) {
    public static final Accounting NONE =
        new Accounting("", "", Optional.empty(), Optional.empty());

    /** Without an AdminComment, submission time or deadline. */
    public Accounting(
        String user, String account, Optional<Duration> timeLimit, Optional<Instant> ended) {
      this(user, account, timeLimit, ended, "", Optional.empty(), Optional.empty());
    }

    /** Without submission time and deadline. */
    public Accounting(
        String user,
        String account,
        Optional<Duration> timeLimit,
        Optional<Instant> ended,
        String adminComment) {
      this(user, account, timeLimit, ended, adminComment, Optional.empty(), Optional.empty());
    }

    /** Without an AdminComment. */
    public Accounting(
        String user,
        String account,
        Optional<Duration> timeLimit,
        Optional<Instant> ended,
        Optional<Instant> submitted,
        Optional<Instant> deadline) {
      this(user, account, timeLimit, ended, "", submitted, deadline);
    }

    public Accounting {
      user = user == null ? "" : user;
      account = account == null ? "" : account;
      timeLimit = timeLimit == null ? Optional.empty() : timeLimit;
      ended = ended == null ? Optional.empty() : ended;
      adminComment = adminComment == null ? "" : adminComment;
      submitted = submitted == null ? Optional.empty() : submitted;
      deadline = deadline == null ? Optional.empty() : deadline;
    }
  }

  /** A job without accounting data or {@code --constraint} (what tests and older callers build). */
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
        Accounting.NONE,
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
    accounting = accounting == null ? Accounting.NONE : accounting;
    constraint = constraint == null ? "" : constraint.strip();
  }

  /** This job under another name (squeue's narrow form reads no name: tests compare without it). */
  public SlurmJob withName(String newName) {
    return with(newName, reason);
  }

  /** This job with another reason (the narrow squeue form's description, named). */
  public SlurmJob withReason(String newReason) {
    return with(name, newReason);
  }

  private SlurmJob with(String newName, String newReason) {
    return new SlurmJob(
        jobId,
        newName,
        state,
        newReason,
        partition,
        nodes,
        nodeCount,
        gresPerNode,
        restartCount,
        requeue,
        started,
        accounting,
        constraint);
  }

  /**
   * GPUs the job holds: {@code nodeCount} × the count of its {@code gpu} GRES per node (Slurm's
   * {@code name[:type][:count]}, count 1 when left out). 0 for a job that asked for GPUs per job or
   * per task ({@code --gpus}), which squeue does not break down per node.
   */
  public int gpus() {
    return gpusPerNode() * Math.max(nodeCount, 1);
  }

  /** GPUs per node from {@code gresPerNode}; 0 when the job asked for none per node. */
  public int gpusPerNode() {
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
    return perNode;
  }

  public boolean pending() {
    return state.equals("PENDING");
  }

  public boolean finished() {
    return finishedState(state);
  }

  /** Whether a job in this (upper-case) state has ended for good. */
  static boolean finishedState(String state) {
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
