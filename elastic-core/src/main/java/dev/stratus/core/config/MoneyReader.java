package dev.stratus.core.config;

import java.nio.file.Path;
import java.util.Set;

/**
 * Reads {@code prices:} and {@code ledger:} (each optional, with {@link MoneySettings#defaults})
 * and {@code budgets:} ({@link BudgetReader}).
 *
 * <pre>
 * prices: {live: true, refresh: 6h, maxAge: 7d, cacheFile: ./state/prices.json}
 * ledger: {file: ./state/ledger.db, costsToSlurm: true}
 * </pre>
 */
final class MoneyReader {
  private MoneyReader() {}

  static MoneySettings read(Fields root, Path stateDir, Set<String> pools) {
    MoneySettings d = MoneySettings.defaults(stateDir);
    MoneySettings.Prices prices =
        root.section("prices", "live", "refresh", "maxAge", "cacheFile")
            .map(
                f ->
                    new MoneySettings.Prices(
                        f.bool("live", d.prices().live()),
                        ConfigLoader.positive(f, "refresh", d.prices().refresh()),
                        ConfigLoader.positive(f, "maxAge", d.prices().maxAge()),
                        f.path("cacheFile", d.prices().cacheFile())))
            .orElse(d.prices());
    MoneySettings.Ledger ledger =
        root.section("ledger", "file", "costsToSlurm")
            .map(
                f ->
                    new MoneySettings.Ledger(
                        f.path("file", d.ledger().file()),
                        f.bool("costsToSlurm", d.ledger().costsToSlurm())))
            .orElse(d.ledger());
    return ConfigLoader.build(
        root, () -> new MoneySettings(prices, ledger, BudgetReader.read(root, pools)));
  }
}
