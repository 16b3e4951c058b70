package dev.stratus.core.money;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What admission needs from the ledger, computed in a pass's observe and carried in its snapshot:
 * the budgets, what each one's current period has spent, what running jobs the ledger knows still
 * reserve, and which jobs those reservations already cover (so the planner adds the others, jobs
 * Slurm has allocated whose instances the ledger has not seen yet, once and only once).
 */
public record BudgetFigures(
    List<Budget> budgets,
    Map<String, BigDecimal> spent,
    Map<String, BigDecimal> reserved,
    Set<Long> reservedJobs) {
  /** No budgets: every request is admitted as it is. */
  public static final BudgetFigures NONE =
      new BudgetFigures(List.of(), Map.of(), Map.of(), Set.of());

  public BudgetFigures {
    budgets = List.copyOf(budgets);
    spent = Map.copyOf(spent);
    reserved = Map.copyOf(reserved);
    reservedJobs = Set.copyOf(reservedJobs);
  }

  /**
   * The figures from the ledger's {@code extract} (which must reach back to {@link #earliest}):
   * each budget's spend in its current window, and what running jobs still reserve, less what each
   * has cost so far. {@code tap} sees every charge too (the caller's meters).
   */
  public static BudgetFigures from(
      List<Budget> budgets, LedgerExtract extract, Instant now, Consumer<Charge> tap) {
    BudgetSpend spend = new BudgetSpend(budgets, now);
    Map<Long, BigDecimal> costSoFar = new HashMap<>();
    extract.charges(
        now,
        c -> {
          spend.accept(c);
          if (c.key().owned()) {
            costSoFar.merge(c.key().jobId(), c.amount(), BigDecimal::add);
          }
          tap.accept(c);
        });
    List<Reservations.RunningJob> running = extract.running();
    Set<Long> jobs = new HashSet<>();
    running.forEach(r -> jobs.add(r.owner().jobId()));
    return new BudgetFigures(
        budgets, spend.spent(), Reservations.perBudget(budgets, running, costSoFar, now), jobs);
  }

  /** Where a ledger extract for {@link #from} must start: the earliest current window, if any. */
  public static Optional<Instant> earliest(List<Budget> budgets, Instant now) {
    return new BudgetSpend(budgets, now).earliest();
  }

  /** Nothing spent or reserved yet. */
  public static BudgetFigures fresh(List<Budget> budgets) {
    return new BudgetFigures(budgets, Map.of(), Map.of(), Set.of());
  }
}
