package dev.stratus.core.slurm;

/**
 * What budgets and the cost ledger do to jobs in Slurm (measured on 22.05 with slurmdbd, see
 * docs/slurm-facts.md "Holding jobs for a budget" and "A finished job's AdminComment"):
 *
 * <ul>
 *   <li>A pending job is held with {@code scontrol hold} (an admin hold: the user cannot release
 *       it; squeue's reason reads {@code JobHeldAdmin}); a job already allocated, whose nodes are
 *       powering up, with {@code scontrol requeuehold} (reason {@code job_requeued_in_held_state}).
 *       Slurm's reason text cannot be set ({@code Update of this parameter is not supported:
 *       Reason=}), so the why goes into the job's {@code AdminComment}, which {@code scontrol show
 *       job}, {@code squeue --json} and {@code sacct -o AdminComment} show and only an
 *       administrator can change.
 *   <li>{@code scontrol update} refuses a finished job ({@code Job has already finished}); its
 *       AdminComment is set in the accounting database with {@code sacctmgr -i modify job where
 *       jobid=N set AdminComment=...}, which needs slurmdbd.
 * </ul>
 *
 * Texts are one line of at most 300 characters without quotes (sacctmgr turns quotes into
 * backticks).
 */
public interface SlurmAccounting {
  /** {@code scontrol hold N}, then its AdminComment set to {@code reason}. */
  void hold(long jobId, String reason);

  /** {@code scontrol requeuehold N} (an allocated job), then its AdminComment. */
  void requeueHold(long jobId, String reason);

  /** {@code scontrol release N}, then its AdminComment set to {@code note}. */
  void release(long jobId, String note);

  /**
   * A finished job's cost where {@code sacct -o JobID,Account,AdminComment} shows it. Throws {@link
   * SlurmCommandException} when sacctmgr cannot (no slurmdbd, or the job is not in the database
   * yet: the caller tries again later).
   */
  void recordCost(long jobId, String text);

  /** The job's AdminComment set to {@code text} (why Stratus acted on it). */
  void note(long jobId, String text);

  /** The job's AdminComment set to {@code reason}, then {@code scancel N}. */
  void cancel(long jobId, String reason);
}
