package dev.stratus.core.metrics;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetScope;
import dev.stratus.core.money.CostKey;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The money meters, as Prometheus shows them:
 *
 * <ul>
 *   <li>{@code stratus_spend_usd_total{account,partition,pool,capacity_type}}: dollars charged, as
 *       the ledger attributes them ({@code account="(idle)"}: time no job held);
 *   <li>{@code stratus_budget_remaining_usd{budget}}: amount − spent − reserved in the budget's
 *       current period (negative once over);
 *   <li>{@code stratus_budget_reserved_usd{budget}}: what running jobs the budget covers still
 *       reserve;
 *   <li>{@code stratus_jobs_held_by_budget{budget}}: jobs held in Slurm for the budget now;
 *   <li>{@code stratus_budget_alerts_total{budget}}: alert thresholds crossed;
 *   <li>{@code stratus_faulty_usd_total{offering}}: dollars of faulty time (a faulty node's time
 *       and the work jobs lost to its fault), the offering's cost, not an account's;
 *   <li>{@code stratus_waste_usd_total{pool}}: dollars of GPUs jobs held idle (still the jobs').
 * </ul>
 *
 * Registered at 0 for every configured label value (each budget; each pool, its partition and
 * capacity types, idle, faulty and for every account a budget names; each offering; each pool's
 * waste), so every series exists from the start. Thread-safe.
 */
public final class MoneyMetrics {
  private final MeterRegistry registry;
  private final Map<String, AtomicReference<Double>> remaining = new ConcurrentHashMap<>();
  private final Map<String, AtomicReference<Double>> reserved = new ConcurrentHashMap<>();
  private final Map<String, AtomicReference<Double>> held = new ConcurrentHashMap<>();

  public MoneyMetrics(MeterRegistry registry, List<Pool> pools, List<Budget> budgets) {
    this.registry = registry;
    for (Budget b : budgets) {
      gauge("stratus.budget.remaining.usd", "amount - spent - reserved", remaining, b, b.amount());
      gauge(
          "stratus.budget.reserved.usd", "reserved by running jobs", reserved, b, BigDecimal.ZERO);
      gauge("stratus.jobs.held.by.budget", "jobs held for the budget", held, b, BigDecimal.ZERO);
      alerts(b.name());
    }
    List<String> accounts =
        budgets.stream()
            .filter(b -> b.scope().kind() == BudgetScope.Kind.ACCOUNT)
            .map(b -> b.scope().name())
            .distinct()
            .toList();
    for (Pool p : pools) {
      for (Offering o : p.offerings()) {
        String type = o.capacityType().name().toLowerCase(Locale.ROOT);
        spend(CostKey.IDLE_OWNER, p.partition(), p.name(), type);
        spend(CostKey.FAULTY_OWNER, p.partition(), p.name(), type);
        accounts.forEach(a -> spend(a, p.partition(), p.name(), type));
        faulty(o.key().toString());
      }
      waste(p.name());
    }
  }

  /** Adds {@code amount} dollars charged to {@code key}. */
  public void spent(CostKey key, BigDecimal amount) {
    if (amount.signum() > 0) {
      spend(
              key.account(),
              key.partition(),
              key.pool(),
              key.capacityType().name().toLowerCase(Locale.ROOT))
          .increment(amount.doubleValue());
      if (key.faulty()) {
        faulty(key.offering()).increment(amount.doubleValue());
      } else if (key.waste()) {
        waste(key.pool()).increment(amount.doubleValue());
      }
    }
  }

  /** One budget's figures at the end of a pass. */
  public void budget(String name, BigDecimal remainingUsd, BigDecimal reservedUsd, int jobsHeld) {
    set(remaining, name, remainingUsd.doubleValue());
    set(reserved, name, reservedUsd.doubleValue());
    set(held, name, jobsHeld);
  }

  public void alertRaised(String budget) {
    alerts(budget).increment();
  }

  public double spentTotal() {
    return registry.find("stratus.spend.usd").counters().stream().mapToDouble(Counter::count).sum();
  }

  private static void set(Map<String, AtomicReference<Double>> gauges, String budget, double v) {
    AtomicReference<Double> g = gauges.get(budget);
    if (g != null) {
      g.set(v);
    }
  }

  private void gauge(
      String name,
      String help,
      Map<String, AtomicReference<Double>> into,
      Budget b,
      BigDecimal initial) {
    AtomicReference<Double> value = new AtomicReference<>(initial.doubleValue());
    into.put(b.name(), value);
    Gauge.builder(name, value, AtomicReference::get)
        .description(help)
        .tag("budget", b.name())
        .strongReference(true)
        .register(registry);
  }

  private Counter spend(String account, String partition, String pool, String capacityType) {
    return Counter.builder("stratus.spend.usd")
        .description("dollars charged, attributed by the cost ledger")
        .tags("account", account, "partition", partition, "pool", pool)
        .tag("capacity_type", capacityType)
        .register(registry);
  }

  private Counter faulty(String offering) {
    return Counter.builder("stratus.faulty.usd")
        .description("dollars of faulty time: a faulty node's and the work jobs lost to its fault")
        .tag("offering", offering)
        .register(registry);
  }

  private Counter waste(String pool) {
    return Counter.builder("stratus.waste.usd")
        .description("dollars of GPUs jobs held idle")
        .tag("pool", pool)
        .register(registry);
  }

  private Counter alerts(String budget) {
    return Counter.builder("stratus.budget.alerts")
        .description("budget alert thresholds crossed")
        .tag("budget", budget)
        .register(registry);
  }
}
