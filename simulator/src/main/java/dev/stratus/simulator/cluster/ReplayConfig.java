package dev.stratus.simulator.cluster;

import dev.stratus.core.config.DeadlineSettings;
import dev.stratus.core.config.MoneySettings;
import dev.stratus.core.config.StratusConfig;
import java.time.Duration;
import java.util.Map;

/**
 * The stratus.yaml a replay's controller runs with: the pools file as loaded, with the replay's
 * deadline policy (its decision interval the traces' tick, its changeover the boot), the replay's
 * budgets, and no live prices.
 */
final class ReplayConfig {
  private ReplayConfig() {}

  static StratusConfig of(StratusConfig loaded, ClusterSettings settings, Duration interval) {
    MoneySettings money = loaded.money();
    return loaded
        .withDeadlines(
            new DeadlineSettings(
                settings.policy().orElse("off"), interval, settings.boot(), Map.of()))
        .withMoney(
            new MoneySettings(
                new MoneySettings.Prices(
                    false,
                    money.prices().refresh(),
                    money.prices().maxAge(),
                    money.prices().cacheFile()),
                money.ledger(),
                settings.budgets()));
  }
}
