package dev.stratus.cli;

import dev.stratus.api.model.BlockOffer;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.spi.BlockMarket;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.api.spi.ReservationAware;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.money.Money;
import dev.stratus.daemon.ProviderRegistry;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code stratus reservations list|offers|buy}: the clouds' reservations and blocks. */
@Command(
    name = "reservations",
    mixinStandardHelpOptions = true,
    description = "Reservations and blocks the clouds hold for this account; blocks on sale.",
    subcommands = {
      ReservationsCommand.ListCommand.class,
      ReservationsCommand.OffersCommand.class,
      ReservationsBuyCommand.class,
      ReservationsReportCommand.class
    })
public final class ReservationsCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  @Command(
      name = "list",
      description = "Every reservation of every configured provider that describes them.")
  static final class ListCommand implements Callable<Integer> {
    @Mixin ConfigOption config;
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      Optional<StratusConfig> loaded = config.load();
      if (loaded.isEmpty()) {
        return 2;
      }
      out.printf(
          Locale.ROOT,
          "%-8s %-40s %-16s %-14s %-21s %-21s %5s %-10s %s%n",
          "provider",
          "id",
          "type",
          "zone",
          "start",
          "end",
          "count",
          "state",
          "prepaid");
      for (NodeProvider p : ProviderRegistry.create(loaded.get(), Clock.systemUTC()).values()) {
        if (p instanceof ReservationAware aware) {
          for (CapacityReservation r : aware.reservations()) {
            out.printf(
                Locale.ROOT,
                "%-8s %-40s %-16s %-14s %-21s %-21s %5d %-10s %s%n",
                p.name(),
                r.id(),
                r.instanceType(),
                r.zone(),
                r.start().equals(Instant.MIN) ? "-" : r.start(),
                r.end().equals(Instant.MAX) ? "-" : r.end(),
                r.instances(),
                r.state().name().toLowerCase(Locale.ROOT),
                r.prepaidUsd().map(Money::format).orElse("hourly"));
          }
        }
      }
      return 0;
    }
  }

  /** What identifies a block on sale: the provider and the question EC2 answers. */
  static final class Ask {
    @Mixin ConfigOption config;

    @Option(names = "--provider", required = true, description = "A provider that sells blocks.")
    String provider;

    @Option(names = "--instance-type", required = true)
    String instanceType;

    @Option(names = "--instances", required = true)
    int instances;

    @Option(names = "--hours", required = true, description = "The block's length in hours.")
    long hours;

    @Option(names = "--from", description = "Earliest start (ISO-8601; default now).")
    Instant from;

    @Option(names = "--to", description = "Latest start (ISO-8601; default 14 days from now).")
    Instant to;

    /** The offers, cheapest first; empty after saying why not on {@code err} (exit 2). */
    Optional<Found> offers(PrintWriter err) {
      Optional<StratusConfig> loaded = config.load();
      if (loaded.isEmpty()) {
        return Optional.empty();
      }
      NodeProvider p = ProviderRegistry.create(loaded.get(), Clock.systemUTC()).get(provider);
      if (!(p instanceof BlockMarket market)) {
        err.println(
            "stratus: provider '"
                + provider
                + "' "
                + (p == null ? "is not configured" : "sells no blocks"));
        return Optional.empty();
      }
      Instant start = from == null ? Instant.now() : from;
      Instant latest = to == null ? start.plus(Duration.ofDays(14)) : to;
      try {
        return Optional.of(
            new Found(
                loaded.get(),
                market,
                market.offers(instanceType, instances, Duration.ofHours(hours), start, latest)));
      } catch (ProviderException | IllegalArgumentException e) {
        err.println("stratus: " + e.getMessage());
        return Optional.empty();
      }
    }
  }

  record Found(StratusConfig config, BlockMarket market, List<BlockOffer> offers) {}

  @Command(name = "offers", description = "Blocks on sale for the question, cheapest first.")
  static final class OffersCommand implements Callable<Integer> {
    @Mixin Ask ask;
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      Optional<Found> found = ask.offers(spec.commandLine().getErr());
      if (found.isEmpty()) {
        return 2;
      }
      for (BlockOffer o : found.get().offers()) {
        out.printf(
            Locale.ROOT,
            "%-40s %-14s %3d x %-16s %s .. %s %s%n",
            o.offerId(),
            o.zone(),
            o.instances(),
            o.instanceType(),
            o.start(),
            o.end(),
            Money.format(o.upfrontUsd()));
      }
      return 0;
    }
  }
}
