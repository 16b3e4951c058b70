package dev.stratus.cli;

import dev.stratus.api.model.BlockOffer;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.cli.money.BudgetsNow;
import dev.stratus.core.money.BlockBooking;
import dev.stratus.core.money.BlockPurchase;
import dev.stratus.core.money.BudgetStatus;
import dev.stratus.core.money.Money;
import dev.stratus.ledger.SqliteCostLedger;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code stratus reservations buy}. */
@Command(
    name = "buy",
    description =
        "Buy a block: only under --max-usd and within what --budget has left; the cloud checks it"
            + " first (a dry run), and nothing is bought without --yes.")
final class ReservationsBuyCommand implements Callable<Integer> {
  @Mixin ReservationsCommand.Ask ask;

  @Option(names = "--offer", required = true, description = "The offer id `offers` printed.")
  String offer;

  @Option(names = "--max-usd", required = true, description = "The most it may cost.")
  BigDecimal maxUsd;

  @Option(names = "--budget", required = true, description = "The budget it counts against.")
  String budget;

  @Option(names = "--yes", description = "Buy it (without: the dry run only).")
  boolean yes;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Optional<ReservationsCommand.Found> found = ask.offers(err);
    if (found.isEmpty()) {
      return 2;
    }
    Optional<BlockOffer> chosen =
        found.get().offers().stream().filter(o -> o.offerId().equals(offer)).findFirst();
    if (chosen.isEmpty()) {
      err.println("stratus: offer " + offer + " is not on sale for this question");
      return 2;
    }
    Map<String, BudgetStatus> budgets = BudgetsNow.of(found.get().config(), Instant.now());
    if (!budgets.containsKey(budget)) {
      err.println(
          "stratus: --budget " + budget + ": no such budget in its window " + budgets.keySet());
      return 2;
    }
    Optional<String> refused =
        new BlockPurchase(chosen.get(), maxUsd, budget, budgets.get(budget).remaining()).refusal();
    if (refused.isPresent()) {
      err.println("stratus: not bought: " + refused.get());
      return 1;
    }
    try {
      CapacityReservation dry = found.get().market().purchase(chosen.get(), true);
      out.println(
          "dry run ok: "
              + dry.instances()
              + " x "
              + dry.instanceType()
              + " "
              + dry.start()
              + " .. "
              + dry.end()
              + " for "
              + Money.format(chosen.get().upfrontUsd()));
      if (!yes) {
        out.println("nothing bought: add --yes to buy it");
        return 0;
      }
      CapacityReservation bought = found.get().market().purchase(chosen.get(), false);
      try (SqliteCostLedger ledger =
          SqliteCostLedger.open(found.get().config().money().ledger().file())) {
        ledger.blockBought(
            new BlockBooking(
                ask.provider, bought.id(), chosen.get().upfrontUsd(), budget, Instant.now()));
      }
      out.println(
          "bought "
              + bought.id()
              + ": name it in a block pool's offering (capacity: reserved, reservation: "
              + bought.id()
              + ")");
      return 0;
    } catch (ProviderException e) {
      err.println("stratus: not bought: " + e.getMessage());
      return 1;
    }
  }
}
