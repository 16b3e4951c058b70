package dev.stratus.core.money;

import dev.stratus.core.money.BudgetPeriod.Window;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * The budgets' figures pass after pass without extracting the ledger from the start of the earliest
 * window each time: an instance that ended {@link #SETTLE_AFTER} ago (with no open allocation
 * during its life) is attributed once more and its charges kept as sums; each pass then extracts
 * only what is alive since the last such point. The figures are those of {@link BudgetFigures#from}
 * over the whole windows; the sums start over when a window rolls or an instance already summed
 * turns up changed (listed again by its cloud).
 */
public final class SpendBook {
  /** How long after its end an instance's charges are taken as final. */
  public static final Duration SETTLE_AFTER = Duration.ofHours(1);

  private final List<Budget> budgets;
  private Map<String, Window> windows;
  private Instant horizon;
  private BudgetSpend settled;
  private final Map<Long, BigDecimal> settledJobCost = new HashMap<>();
  private final Map<String, Optional<Instant>> settledEnds = new HashMap<>();

  public SpendBook(List<Budget> budgets) {
    this.budgets = List.copyOf(budgets);
  }

  /**
   * This pass's figures; {@code extract} is the ledger's ({@link CostLedger#extract}), {@code tap}
   * sees every charge of the instances this pass attributed.
   */
  public BudgetFigures figures(
      BiFunction<Instant, Instant, LedgerExtract> extract, Instant now, Consumer<Charge> tap) {
    Map<String, Window> current = windows(now);
    if (!current.equals(windows)) {
      start(current, now);
    }
    LedgerExtract e = extract.apply(horizon, now);
    for (InstanceSpan i : e.instances()) {
      Optional<Instant> end = settledEnds.get(i.instanceId());
      if (end != null && !end.equals(i.ended())) {
        start(current, now);
        e = extract.apply(horizon, now);
        break;
      }
    }
    Instant next = nextHorizon(e, now);
    List<InstanceSpan> settling = new ArrayList<>();
    List<InstanceSpan> live = new ArrayList<>();
    for (InstanceSpan i : e.instances()) {
      if (settledEnds.containsKey(i.instanceId())) {
        continue;
      }
      boolean done = i.ended().isPresent() && i.ended().get().isBefore(next);
      (done ? settling : live).add(i);
      if (done) {
        settledEnds.put(i.instanceId(), i.ended());
      }
    }
    part(e, settling).charges(now, c -> count(c, settled, settledJobCost, tap));
    BudgetSpend spend = new BudgetSpend(budgets, now);
    Map<Long, BigDecimal> costSoFar = new HashMap<>(settledJobCost);
    part(e, live).charges(now, c -> count(c, spend, costSoFar, tap));
    horizon = next;
    Map<String, BigDecimal> spent = new HashMap<>(settled.spent());
    spend.spent().forEach((b, v) -> spent.merge(b, v, BigDecimal::add));
    List<Reservations.RunningJob> running = e.running();
    Set<Long> jobs = new HashSet<>();
    running.forEach(r -> jobs.add(r.owner().jobId()));
    return new BudgetFigures(
        budgets, spent, Reservations.perBudget(budgets, running, costSoFar, now), jobs);
  }

  private void start(Map<String, Window> current, Instant now) {
    windows = current;
    horizon = new BudgetSpend(budgets, now).earliest().orElse(now);
    settled = new BudgetSpend(budgets, now);
    settledJobCost.clear();
    settledEnds.clear();
  }

  /**
   * {@link #SETTLE_AFTER} before now, held back by any ended instance an open allocation still
   * overlaps (its charges may change yet), never before the last horizon.
   */
  private Instant nextHorizon(LedgerExtract e, Instant now) {
    Map<String, Instant> openSince = new HashMap<>();
    for (AllocationSpan a : e.allocations()) {
      if (a.end().isEmpty()) {
        openSince.merge(a.node(), a.start(), (x, y) -> x.isBefore(y) ? x : y);
      }
    }
    Instant next = now.minus(SETTLE_AFTER);
    for (InstanceSpan i : e.instances()) {
      Instant open = openSince.get(i.node());
      if (i.ended().isPresent() && open != null && open.isBefore(i.ended().get())) {
        next = i.ended().get().isBefore(next) ? i.ended().get() : next;
      }
    }
    return next.isBefore(horizon) ? horizon : next;
  }

  private static LedgerExtract part(LedgerExtract e, List<InstanceSpan> instances) {
    return new LedgerExtract(instances, e.allocations(), e.owners(), e.timeLimits(), e.idleSpans());
  }

  private static void count(
      Charge c, BudgetSpend spend, Map<Long, BigDecimal> jobCost, Consumer<Charge> tap) {
    spend.accept(c);
    if (c.key().owned()) {
      jobCost.merge(c.key().jobId(), c.amount(), BigDecimal::add);
    }
    tap.accept(c);
  }

  private Map<String, Window> windows(Instant now) {
    Map<String, Window> out = new HashMap<>();
    budgets.forEach(b -> b.period().window(now).ifPresent(w -> out.put(b.name(), w)));
    return out;
  }
}
