package dev.stratus.core.plan;

import dev.stratus.core.money.BudgetFigures;

/**
 * What the pass knows of money: the budgets with what they spent and what running jobs reserve
 * (admission, {@link BudgetGate}), and the jobs with a deadline with what the deadline policy
 * decides from ({@link DeadlineChoice}).
 */
public record MoneyView(BudgetFigures budgets, DeadlineContext deadlines) {
  public static final MoneyView NONE = new MoneyView(BudgetFigures.NONE, DeadlineContext.NONE);

  public MoneyView {
    if (budgets == null || deadlines == null) {
      throw new IllegalArgumentException("budgets and deadlines must be set (their NONE for none)");
    }
  }
}
