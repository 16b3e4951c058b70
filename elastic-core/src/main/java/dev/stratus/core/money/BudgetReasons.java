package dev.stratus.core.money;

import java.math.BigDecimal;

/**
 * The reasons a held job shows in Slurm ({@code AdminComment}, see {@code SlurmAccounting}): one
 * line starting {@code stratus: }, with the sums that decided it.
 */
final class BudgetReasons {
  private BudgetReasons() {}

  /** {@code stratus: budget team-a month: spent $812.40 + reserved $150.00 + this job ...}. */
  static String over(Budget b, BigDecimal spent, BigDecimal reserved, BigDecimal forecast) {
    return "stratus: budget "
        + b.label()
        + ": spent "
        + Money.format(spent)
        + " + reserved "
        + Money.format(reserved)
        + " + this job "
        + Money.format(forecast)
        + " > "
        + Money.format(b.amount());
  }

  static String noTimeLimit(Budget b) {
    return "stratus: budget "
        + b.label()
        + ": the job has no time limit, so its cost cannot be forecast against the hard budget of "
        + Money.format(b.amount())
        + "; set one with --time (e.g. sbatch --time=2:00:00)";
  }

  static String spotOnly(Budget b, BigDecimal spent) {
    return "stratus: budget "
        + b.label()
        + ": spent "
        + Money.format(spent)
        + " of "
        + Money.format(b.amount())
        + ", so only spot capacity may be used, and this job's pool offers none";
  }
}
