package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notNull;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What running jobs still reserve (pure): each its forecast (nodes × price × time limit) less what
 * it has cost so far, never below zero; so the reservation shrinks as actual cost replaces it, and
 * is gone when the job ends. A job that ends under its forecast frees the rest at once.
 */
public final class Reservations {
  /** A running job and its forecast when it was admitted. */
  public record RunningJob(JobOwner owner, String pool, BigDecimal forecast) {
    public RunningJob {
      notNull("owner", owner);
      notNull("pool", pool);
      notNull("forecast", forecast);
    }
  }

  private Reservations() {}

  /** What one job still reserves, given what it has cost so far. */
  public static BigDecimal remaining(RunningJob job, BigDecimal costSoFar) {
    BigDecimal left = job.forecast().subtract(costSoFar);
    return left.signum() > 0 ? left : BigDecimal.ZERO;
  }

  /**
   * Per budget name, the sum of what the running jobs it covers still reserve; budgets outside
   * their window are left out.
   */
  public static Map<String, BigDecimal> perBudget(
      List<Budget> budgets,
      List<RunningJob> running,
      Map<Long, BigDecimal> costSoFar,
      Instant now) {
    Map<String, BigDecimal> out = new HashMap<>();
    for (Budget b : budgets) {
      if (b.period().window(now).isEmpty()) {
        continue;
      }
      for (RunningJob j : running) {
        if (b.scope().covers(j.owner(), j.pool())) {
          BigDecimal left =
              remaining(j, costSoFar.getOrDefault(j.owner().jobId(), BigDecimal.ZERO));
          out.merge(b.name(), left, BigDecimal::add);
        }
      }
    }
    return out;
  }
}
