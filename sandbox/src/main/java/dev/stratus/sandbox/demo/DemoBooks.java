package dev.stratus.sandbox.demo;

import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetFigures;
import dev.stratus.core.money.LedgerExtract;
import dev.stratus.ledger.SqliteCostLedger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The money side of a demo run: from the controller's cost ledger, every charge ({@code ledger}),
 * the idle part of it, the faulty part (GPU faults: the offering's) and the waste (GPUs jobs held
 * idle), and each hard budget's amount and spend in its window; from the instances' own history,
 * what they ran × price ({@link InstanceBill}). {@code ledgerOpen}: instances the ledger has not
 * closed yet (its books settle on the pass after the last termination).
 */
record DemoBooks(
    Map<String, BigDecimal> budgets,
    Map<String, BigDecimal> spent,
    BigDecimal ledger,
    BigDecimal idle,
    BigDecimal faulty,
    BigDecimal waste,
    int ledgerInstances,
    int ledgerOpen,
    InstanceBill instances) {
  /** The most the ledger and the instances' own bill may differ by per instance, in USD. */
  static final BigDecimal TOLERANCE = new BigDecimal("0.01");

  static DemoBooks read(DemoRun.Context ctx, Instant from, Instant now) {
    StratusConfig config = ctx.config();
    List<Budget> hard =
        config.money().budgets().stream().filter(b -> b.mode() == Budget.Mode.HARD).toList();
    BigDecimal[] sums = {BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO};
    LedgerExtract extract;
    BudgetFigures figures;
    try (SqliteCostLedger ledger = SqliteCostLedger.open(config.money().ledger().file())) {
      extract = ledger.extract(from.minusSeconds(60), now);
      figures =
          BudgetFigures.from(
              hard,
              extract,
              now,
              c -> {
                sums[0] = sums[0].add(c.amount());
                sums[1] = c.key().idle() ? sums[1].add(c.amount()) : sums[1];
                sums[2] = c.key().faulty() ? sums[2].add(c.amount()) : sums[2];
                sums[3] = c.key().waste() ? sums[3].add(c.amount()) : sums[3];
              });
    }
    Map<String, BigDecimal> amounts = new LinkedHashMap<>();
    Map<String, BigDecimal> spent = new LinkedHashMap<>();
    for (Budget b : hard) {
      amounts.put(b.name(), b.amount());
      spent.put(b.name(), cents(figures.spent().getOrDefault(b.name(), BigDecimal.ZERO)));
    }
    int open = (int) extract.instances().stream().filter(i -> i.ended().isEmpty()).count();
    try {
      InstanceBill bill =
          InstanceBill.of(
              config.stateDir().resolve("providers/local/history.jsonl"),
              config.cluster(),
              DemoProgress.prices(config.pools()),
              now);
      return new DemoBooks(
          amounts,
          spent,
          sums[0],
          sums[1],
          sums[2],
          sums[3],
          extract.instances().size(),
          open,
          bill);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every instance has ended, in the ledger and in its own history, and both saw the same ones. */
  boolean settled() {
    return ledgerOpen == 0 && instances.open() == 0 && ledgerInstances == instances.instances();
  }

  /**
   * The ledger and the instances' own bill agree to a cent per instance: the ledger closes an
   * instance where its terminate call returned (when a cloud has accepted it), the local history
   * where that instance's own teardown ended, earlier by up to the slowest teardown of the batch (a
   * second or so under load).
   */
  boolean agree() {
    BigDecimal tolerance = TOLERANCE.multiply(BigDecimal.valueOf(Math.max(1, ledgerInstances)));
    return settled() && ledger.subtract(instances.dollars()).abs().compareTo(tolerance) <= 0;
  }

  boolean withinBudgets() {
    return budgets.entrySet().stream()
        .allMatch(b -> spent.get(b.getKey()).compareTo(b.getValue()) <= 0);
  }

  /** budget_usd, spent_usd (per budget), ledger_usd, instances_usd, idle_usd. */
  Map<String, Object> fields() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("budget_usd", budgets);
    out.put("spent_usd", spent);
    out.put("ledger_usd", money(ledger));
    out.put("instances_usd", money(instances.dollars()));
    out.put("idle_usd", money(idle));
    return out;
  }

  private static BigDecimal money(BigDecimal usd) {
    return usd.setScale(4, RoundingMode.HALF_UP);
  }

  private static BigDecimal cents(BigDecimal usd) {
    return usd.setScale(2, RoundingMode.HALF_UP);
  }
}
