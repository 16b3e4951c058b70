package dev.stratus.cli.money;

import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetFigures;
import dev.stratus.core.money.BudgetStatus;
import dev.stratus.ledger.SqliteCostLedger;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Each budget in its window now, from the ledger: spent, reserved, remaining, forecast. */
public final class BudgetsNow {
  private BudgetsNow() {}

  /** By budget name, in config order; a budget outside its window is left out. */
  public static Map<String, BudgetStatus> of(StratusConfig config, Instant now) {
    List<Budget> budgets = config.money().budgets();
    BudgetFigures figures;
    try (SqliteCostLedger l = SqliteCostLedger.open(config.money().ledger().file())) {
      Instant from = BudgetFigures.earliest(budgets, now).orElse(now);
      figures = BudgetFigures.from(budgets, l.extract(from, now), now, c -> {});
    }
    Map<String, BudgetStatus> out = new LinkedHashMap<>();
    for (Budget b : budgets) {
      b.period()
          .window(now)
          .ifPresent(
              w ->
                  out.put(
                      b.name(),
                      BudgetStatus.of(
                          b,
                          w,
                          figures.spent().getOrDefault(b.name(), BigDecimal.ZERO),
                          figures.reserved().getOrDefault(b.name(), BigDecimal.ZERO),
                          List.of(),
                          now)));
    }
    return out;
  }
}
