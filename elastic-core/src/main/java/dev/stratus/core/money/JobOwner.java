package dev.stratus.core.money;

/**
 * Who a job's cost belongs to, as Slurm said: user, account and partition. Unknown parts (a job
 * never seen by Stratus, or Slurm without accounting) are {@link #UNKNOWN}.
 */
public record JobOwner(long jobId, String user, String account, String partition) {
  public static final String UNKNOWN = "(unknown)";

  public JobOwner {
    user = blankToUnknown(user);
    account = blankToUnknown(account);
    partition = blankToUnknown(partition);
  }

  public static JobOwner unknown(long jobId) {
    return new JobOwner(jobId, UNKNOWN, UNKNOWN, UNKNOWN);
  }

  private static String blankToUnknown(String s) {
    return s == null || s.isBlank() ? UNKNOWN : s;
  }
}
