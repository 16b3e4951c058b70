package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notNull;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One entry of stratus.yaml's {@code budgets:}. {@code HARD}: a job whose forecast would take the
 * spend over {@code amount} is not admitted. {@code SOFT}: alerts only, and with {@code spotOnly}
 * jobs are held to spot capacity once the budget is spent. {@code alertPercents}: thresholds of
 * spent / amount that raise an event, a metric and (with {@code webhook}) a JSON POST, once per
 * period each ({@code webhook} is an http(s) URL, checked when stratus.yaml is read).
 */
public record Budget(
    String name,
    BudgetScope scope,
    BudgetPeriod period,
    BigDecimal amount,
    Mode mode,
    boolean spotOnly,
    List<Integer> alertPercents,
    Optional<String> webhook) {
  public enum Mode {
    HARD,
    SOFT
  }

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  public Budget {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "budget name '" + name + "' must match " + NAME.pattern() + " (it appears in reasons)");
    }
    notNull("scope", scope);
    notNull("period", period);
    notNull("amount", amount);
    notNull("mode", mode);
    if (amount.signum() <= 0) {
      throw new IllegalArgumentException("amount must be > 0 USD, got " + amount);
    }
    if (spotOnly && mode == Mode.HARD) {
      throw new IllegalArgumentException(
          "spotOnly is for soft budgets (a hard budget holds the job instead)");
    }
    alertPercents = List.copyOf(alertPercents).stream().sorted().distinct().toList();
    for (int p : alertPercents) {
      if (p < 1 || p > 1000) {
        throw new IllegalArgumentException("alert thresholds are percents 1..1000, got " + p);
      }
    }
    webhook = webhook == null ? Optional.empty() : webhook;
  }

  /** {@code team-a month}: how reasons and events name it. */
  public String label() {
    return name + " " + period.label();
  }
}
