package dev.stratus.cli;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ReservationAware;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.money.BlockBooking;
import dev.stratus.core.money.BlockUse;
import dev.stratus.core.money.Money;
import dev.stratus.daemon.ProviderRegistry;
import dev.stratus.ledger.SqliteCostLedger;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code stratus reservations report}. */
@Command(
    name = "report",
    description =
        "Each reservation a pool launches into: hours paid, used by jobs and idle, and their"
            + " dollars, from the ledger.")
final class ReservationsReportCommand implements Callable<Integer> {
  @Mixin ConfigOption config;
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Optional<StratusConfig> loaded = config.load();
    if (loaded.isEmpty()) {
      return 2;
    }
    StratusConfig cfg = loaded.get();
    Instant now = Instant.now();
    Map<String, NodeProvider> providers = ProviderRegistry.create(cfg, Clock.systemUTC());
    out.printf(
        Locale.ROOT,
        "%-40s %-10s %10s %10s %10s %12s %12s %12s%n",
        "reservation",
        "pool",
        "paid h",
        "used h",
        "idle h",
        "usd",
        "used usd",
        "idle usd");
    for (var pool : cfg.pools()) {
      for (var o : pool.offerings()) {
        if (!(providers.get(o.provider()) instanceof ReservationAware aware)) {
          continue;
        }
        Optional<CapacityReservation> r =
            aware.reservations().stream()
                .filter(x -> x.id().equals(o.key().reservation()))
                .findFirst();
        if (r.isEmpty()) {
          continue;
        }
        BlockUse use;
        try (SqliteCostLedger ledger = SqliteCostLedger.open(cfg.money().ledger().file())) {
          CapacityReservation res = withBookedPrice(r.get(), ledger.blocksBought());
          Instant from = res.start().equals(Instant.MIN) ? Instant.EPOCH : res.start();
          use = BlockUse.of(res, ledger.extract(from, now), o.pricePerHour(), now);
        }
        out.printf(
            Locale.ROOT,
            "%-40s %-10s %10.2f %10.2f %10.2f %12s %12s %12s%n",
            use.reservation(),
            pool.name(),
            use.paidHours(),
            use.usedHours(),
            use.idleHours(),
            Money.format(use.usd()),
            Money.format(use.usedUsd()),
            Money.format(use.idleUsd()));
      }
    }
    return 0;
  }

  /** The cloud's prepaid price if it reports one, else the price booked when Stratus bought it. */
  static CapacityReservation withBookedPrice(CapacityReservation r, List<BlockBooking> booked) {
    if (r.prepaidUsd().isPresent()) {
      return r;
    }
    return booked.stream()
        .filter(b -> b.provider().equals(r.provider()) && b.reservation().equals(r.id()))
        .findFirst()
        .map(
            b ->
                new CapacityReservation(
                    r.id(),
                    r.provider(),
                    r.region(),
                    r.zone(),
                    r.instanceType(),
                    r.start(),
                    r.end(),
                    r.instances(),
                    r.state(),
                    Optional.of(b.usd())))
        .orElse(r);
  }
}
