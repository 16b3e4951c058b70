package dev.stratus.cli.embedded;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
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
    if (amount.signum() <= 0) {
      throw new IllegalArgumentException("a budget's amount must be > 0, got " + amount);
    }
    String text = Files.readString(yaml);
    Matcher m = BUDGETS.matcher(text);
    if (!m.find()) {
      throw new IllegalArgumentException(yaml + " has no budgets: block before providers:");
    }
    String block =
        "ledger: {costsToSlurm: true}\n"
            + "budgets:\n"
            + "  - {name: "
            + account
            + ", scope: {account: "
            + account
            + "}, period: month, amount: "
            + amount.toPlainString()
            + ", mode: hard, alerts: [80, 100]}\n"
            + "  - {name: cluster, scope: cluster, period: month, amount: 100000, mode: soft,"
            + " alerts: [80, 100]}\n";
    Files.writeString(yaml, text.substring(0, m.start()) + block + text.substring(m.end()));
    return ConfigLoader.loadAll(yaml).config();
  }
}
