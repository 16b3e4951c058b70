package dev.stratus.core.config;

import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.core.money.Budget;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * stratus.yaml's {@code prices:}, {@code ledger:} and {@code budgets:}. Prices: {@code live} asks
 * the clouds' price APIs every {@code refresh}; a live price older than {@code maxAge} is no longer
 * used (the bundled table is); {@code cacheFile} keeps the last fetch across restarts. Ledger:
 * {@code file} is the SQLite database; {@code costsToSlurm} writes each finished job's cost into
 * its AdminComment with sacctmgr (needs slurmdbd).
 */
public record MoneySettings(Prices prices, Ledger ledger, List<Budget> budgets) {
  public record Prices(boolean live, Duration refresh, Duration maxAge, Path cacheFile) {
    public Prices {
      notNull("cacheFile", cacheFile);
      if (refresh.isNegative() || refresh.isZero() || maxAge.isNegative() || maxAge.isZero()) {
        throw new IllegalArgumentException("prices.refresh and prices.maxAge must be positive");
      }
    }
  }

  public record Ledger(Path file, boolean costsToSlurm) {
    public Ledger {
      notNull("file", file);
    }
  }

  public MoneySettings {
    notNull("prices", prices);
    notNull("ledger", ledger);
    budgets = List.copyOf(budgets);
    Set<String> names = new HashSet<>();
    for (Budget b : budgets) {
      if (!names.add(b.name())) {
        throw new IllegalArgumentException("two budgets are named '" + b.name() + "'");
      }
    }
  }

  /** Live prices refreshed every 6 h and trusted for 7 days; the ledger in the state dir. */
  public static MoneySettings defaults(Path stateDir) {
    return new MoneySettings(
        new Prices(true, Duration.ofHours(6), Duration.ofDays(7), stateDir.resolve("prices.json")),
        new Ledger(stateDir.resolve("ledger.db"), false),
        List.of());
  }
}
