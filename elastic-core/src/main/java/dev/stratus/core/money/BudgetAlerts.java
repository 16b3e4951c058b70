package dev.stratus.core.money;

import java.util.List;
import java.util.Set;

/**
 * Which alert thresholds a budget's spend has newly crossed (pure): the caller remembers what it
 * has already announced for the current window, so each threshold speaks once per period.
 */
public final class BudgetAlerts {
  private BudgetAlerts() {}

  public static List<Integer> newlyCrossed(BudgetStatus status, Set<Integer> announced) {
    int percent = status.percentSpent();
    return status.budget().alertPercents().stream()
        .filter(p -> p <= percent && !announced.contains(p))
        .toList();
  }
}
