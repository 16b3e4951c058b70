package dev.stratus.daemon;

import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.MoneySettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.AlertWebhook;
import dev.stratus.core.controller.ControllerMoney;
import dev.stratus.core.prices.PriceBook;
import dev.stratus.core.prices.PriceRefresh;
import dev.stratus.core.slurm.SlurmAccounting;
import dev.stratus.ledger.SqliteCostLedger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's money, opened for real: the SQLite cost ledger at {@code ledger.file} (created
 * and migrated on first use), the price book read back from {@code prices.cacheFile}, refreshed
 * every {@code prices.refresh} on the daemon's side thread when {@code prices.live}, budget
 * webhooks posted with java.net.http, and Slurm's scontrol/sacctmgr for holds and costs.
 */
final class ControllerBooks implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ControllerBooks.class);

  private final MoneySettings settings;
  private final StratusConfig config;
  private final SqliteCostLedger ledger;
  private final ControllerMoney money;

  private ControllerBooks(StratusConfig config, SlurmAccounting accounting) {
    this.config = config;
    this.settings = config.money();
    try {
      Files.createDirectories(settings.ledger().file().toAbsolutePath().getParent());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot create the directory of ledger.file " + settings.ledger().file(), e);
    }
    this.ledger = SqliteCostLedger.open(settings.ledger().file());
    PriceBook book = PriceRefresh.load(settings.prices().cacheFile(), settings.prices().maxAge());
    this.money =
        new ControllerMoney(
            Optional.of(ledger),
            book,
            Optional.of(accounting),
            AlertWebhook.http(HttpClient.newBuilder().build()));
  }

  static ControllerBooks open(StratusConfig config, SlurmAccounting accounting) {
    return new ControllerBooks(config, accounting);
  }

  ControllerMoney money() {
    return money;
  }

  /** With {@code prices.live}: a refresh at once and every {@code prices.refresh} after it. */
  void schedulePrices(ControllerDaemon daemon, Map<String, NodeProvider> providers) {
    if (!settings.prices().live()) {
      return;
    }
    daemon.every(
        "prices",
        settings.prices().refresh(),
        () -> {
          PriceRefresh.Report r =
              PriceRefresh.run(
                  money.prices(), providers, config.pools(), settings.prices().cacheFile());
          log.info(
              "prices refreshed: quoted {}, missing {}, failed {}",
              r.quoted(),
              r.missing().keySet(),
              r.failed().keySet());
        });
  }

  @Override
  public void close() {
    ledger.close();
  }
}
