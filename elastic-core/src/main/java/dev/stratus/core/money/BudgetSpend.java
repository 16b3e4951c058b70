package dev.stratus.core.money;

import dev.stratus.core.money.BudgetPeriod.Window;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What each budget's current period has spent: the charges its scope covers, prorated to the
 * period's window (pure; feed it every charge that may overlap the windows).
 */
public final class BudgetSpend implements Consumer<Charge> {
  private final Map<Budget, Window> windows = new LinkedHashMap<>();
  private final Map<String, BigDecimal> spent = new HashMap<>();

  public BudgetSpend(List<Budget> budgets, Instant now) {
    for (Budget b : budgets) {
      Optional<Window> w = b.period().window(now);
      w.ifPresent(window -> windows.put(b, window));
    }
  }

  @Override
  public void accept(Charge charge) {
    windows.forEach(
        (b, w) -> {
          if (b.scope().covers(charge.key())) {
            Charge part = charge.within(w.from(), w.to());
            if (part != null) {
              spent.merge(b.name(), part.amount(), BigDecimal::add);
            }
          }
        });
  }

  /** Per budget name; a budget that spent nothing is absent. */
  public Map<String, BigDecimal> spent() {
    return Map.copyOf(spent);
  }

  /** The earliest start of any window: charges before it cannot count. */
  public Optional<Instant> earliest() {
    return windows.values().stream().map(Window::from).min(Instant::compareTo);
  }
}
