package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Pool;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.metrics.EventLog;
import dev.stratus.core.metrics.MoneyMetrics;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetAlerts;
import dev.stratus.core.money.BudgetFigures;
import dev.stratus.core.money.BudgetPeriod.Window;
import dev.stratus.core.money.BudgetStatus;
import dev.stratus.core.money.CostLedger;
import dev.stratus.core.money.LedgerObservations;
import dev.stratus.core.money.SpendBook;
import dev.stratus.core.plan.BudgetGate;
import dev.stratus.core.slurm.SlurmJob;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pass's money work (docs/architecture.md, "Money"): the pools at their live prices, the ledger
 * reconciled after observe, each budget's spent and reserved for admission, the money meters and
 * budget alerts, and a finished job's cost written to Slurm. Runs on the pass thread (the ledger is
 * local SQLite); a termination the cloud accepted is recorded from the lane that ran it.
 *
 * <p>A ledger that cannot be written fails the pass: admitting jobs against sums that may be stale
 * could overrun a hard budget, so nothing is launched until the ledger works again.
 */
final class MoneyBooks {
  private static final Logger log = LoggerFactory.getLogger(MoneyBooks.class);

  /** Costs go to Slurm every this many passes, at most {@link #COSTS_PER_RUN} jobs each time. */
  static final int COSTS_EVERY = 5;

  static final int COSTS_PER_RUN = 20;

  private final StratusConfig config;
  private final ControllerMoney money;
  private final MoneyMetrics metrics;
  private final JobCosts costs;
  private final Map<String, Announced> announced = new ConcurrentHashMap<>();
  private final SpendBook spend;
  private Instant spendCountedTo;
  private int passes;

  /** The thresholds already announced in a budget's current window. */
  private record Announced(Instant windowFrom, Set<Integer> percents) {}

  /** Registers the money meters in {@code registry} (see {@link MoneyMetrics}). */
  MoneyBooks(StratusConfig config, ControllerMoney money, MeterRegistry registry) {
    this.config = config;
    this.money = money;
    this.metrics = new MoneyMetrics(registry, config.pools(), config.money().budgets());
    this.costs = new JobCosts(money, config.money().ledger().costsToSlurm());
    this.spend = new SpendBook(config.money().budgets());
  }

  /** The configured pools with every offering at the price it is charged at now. */
  List<Pool> pools(Instant now) {
    return money.prices().reprice(config.pools(), now);
  }

  /**
   * Reconciles the ledger with what the pass observed (the instances of every provider but the
   * {@code unlisted}) and returns the budgets' figures for its snapshot; feeds the meters and
   * raises alerts on the way.
   */
  BudgetFigures observe(
      Instant now,
      List<Pool> pools,
      List<Instance> instances,
      Set<String> providers,
      Set<String> unlisted,
      List<SlurmJob> jobs) {
    Set<String> listedProviders = new HashSet<>(providers);
    listedProviders.removeAll(unlisted);
    List<Budget> budgets = config.money().budgets();
    Map<String, Integer> held = heldPerBudget(jobs);
    if (money.ledger().isEmpty()) {
      budgets.forEach(
          b ->
              metrics.budget(
                  b.name(), b.amount(), BigDecimal.ZERO, held.getOrDefault(b.name(), 0)));
      return BudgetFigures.fresh(budgets);
    }
    CostLedger ledger = money.ledger().get();
    ledger.reconcile(
        LedgerObservations.of(now, pools, instances, listedProviders, Optional.of(jobs)));
    Instant countFrom = spendCountedTo == null ? now : spendCountedTo;
    // Settled instances are summed once (SpendBook): a pass extracts what is alive since about an
    // hour ago, not everything since the start of the earliest budget window.
    BudgetFigures figures =
        spend.figures(
            ledger::extract,
            now,
            c -> {
              var fresh = c.within(countFrom, now);
              if (fresh != null) {
                metrics.spent(fresh.key(), fresh.amount());
              }
            });
    spendCountedTo = now;
    for (Budget b : budgets) {
      b.period().window(now).ifPresent(w -> report(b, w, figures, held, now));
    }
    return figures;
  }

  /** After the pass has acted: every few passes, finished jobs' cost to Slurm. */
  void afterPass(Instant now) {
    if (money.ledger().isPresent() && ++passes % COSTS_EVERY == 1) {
      costs.record(money.ledger().get(), COSTS_PER_RUN, now);
    }
  }

  /** The cloud accepted the termination of {@code ids} at {@code at}. */
  void terminationAccepted(List<String> ids, Instant at) {
    money.ledger().ifPresent(l -> l.terminationRequested(ids, at));
  }

  private void report(
      Budget b, Window w, BudgetFigures figures, Map<String, Integer> held, Instant now) {
    BudgetStatus s =
        BudgetStatus.of(
            b,
            w,
            figures.spent().getOrDefault(b.name(), BigDecimal.ZERO),
            figures.reserved().getOrDefault(b.name(), BigDecimal.ZERO),
            List.of(),
            now);
    metrics.budget(b.name(), s.remaining(), s.reserved(), held.getOrDefault(b.name(), 0));
    Announced a = announced.get(b.name());
    if (a == null || !a.windowFrom().equals(w.from())) {
      a = new Announced(w.from(), new HashSet<>());
      announced.put(b.name(), a);
    }
    for (int percent : BudgetAlerts.newlyCrossed(s, a.percents())) {
      a.percents().add(percent);
      alert(s, percent, now);
    }
  }

  private void alert(BudgetStatus s, int percent, Instant now) {
    Budget b = s.budget();
    EventLog.emit(
        "budget_alert",
        "budget",
        b.name(),
        "period",
        b.period().label(),
        "mode",
        b.mode().name().toLowerCase(Locale.ROOT),
        "threshold_percent",
        percent,
        "percent_spent",
        s.percentSpent(),
        "spent_usd",
        s.spent().setScale(2, RoundingMode.HALF_UP),
        "amount_usd",
        b.amount());
    metrics.alertRaised(b.name());
    b.webhook()
        .ifPresent(url -> money.alerts().post(URI.create(url), AlertWebhook.body(s, percent, now)));
  }

  private static Map<String, Integer> heldPerBudget(List<SlurmJob> jobs) {
    Map<String, Integer> out = new HashMap<>();
    for (SlurmJob j : jobs) {
      BudgetGate.heldFor(j).ifPresent(b -> out.merge(b, 1, Integer::sum));
    }
    return out;
  }
}
