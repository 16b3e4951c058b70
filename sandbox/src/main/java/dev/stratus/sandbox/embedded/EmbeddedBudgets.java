package dev.stratus.sandbox.embedded;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Edits an embedded cluster's stratus.yaml the way an operator would: one hard monthly budget per
 * account, and each finished job's cost written to Slurm ({@code ledger.costsToSlurm}). A
 * controller started afterwards reads the new amounts (budgets are read at start).
 */
public final class EmbeddedBudgets {
  private static final Pattern BUDGETS =
      Pattern.compile("(?ms)^(ledger:[^\\n]*\\n)?budgets:.*?(?=^providers:)");

  private EmbeddedBudgets() {}

  /**
   * Rewrites {@code yaml}'s {@code budgets:} as a hard monthly budget of {@code amount} USD named
   * after {@code account}, keeping the soft cluster budget; returns the config as loaded back.
   */
  public static StratusConfig hardBudget(Path yaml, String account, BigDecimal amount)
      throws IOException {
    return hardBudgets(yaml, Map.of(account, amount));
  }

  /** As {@link #hardBudget}, one hard monthly budget per account of {@code amounts} (by name). */
  public static StratusConfig hardBudgets(Path yaml, Map<String, BigDecimal> amounts)
      throws IOException {
    StringBuilder block = new StringBuilder("ledger: {costsToSlurm: true}\nbudgets:\n");
    new TreeMap<>(amounts)
        .forEach(
            (account, amount) -> {
              if (amount.signum() <= 0) {
                throw new IllegalArgumentException(
                    "a budget's amount must be > 0, got " + amount + " for " + account);
              }
              block
                  .append("  - {name: ")
                  .append(account)
                  .append(", scope: {account: ")
                  .append(account)
                  .append("}, period: month, amount: ")
                  .append(amount.toPlainString())
                  .append(", mode: hard, alerts: [80, 100]}\n");
            });
    block.append(
        "  - {name: cluster, scope: cluster, period: month, amount: 100000, mode: soft,"
            + " alerts: [80, 100]}\n");
    String text = Files.readString(yaml);
    Matcher m = BUDGETS.matcher(text);
    if (!m.find()) {
      throw new IllegalArgumentException(yaml + " has no budgets: block before providers:");
    }
    Files.writeString(yaml, text.substring(0, m.start()) + block + text.substring(m.end()));
    return ConfigLoader.loadAll(yaml).config();
  }
}
