package dev.stratus.core.controller;

import dev.stratus.core.money.CostLedger;
import dev.stratus.core.prices.PriceBook;
import dev.stratus.core.slurm.SlurmAccounting;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What the controller needs for money: the cost ledger (absent: nothing is recorded, budgets see
 * nothing spent), the live price book the pass reprices its pools with, what holds and releases
 * jobs and writes their cost in Slurm, and where budget alerts go besides the events and metrics.
 */
public record ControllerMoney(
    Optional<CostLedger> ledger,
    PriceBook prices,
    Optional<SlurmAccounting> accounting,
    AlertWebhook.Sender alerts) {
  public ControllerMoney {
    Objects.requireNonNull(prices, "prices");
    ledger = ledger == null ? Optional.empty() : ledger;
    accounting = accounting == null ? Optional.empty() : accounting;
    Objects.requireNonNull(alerts, "alerts");
  }

  /**
   * No ledger and no live prices; jobs are held through {@code slurm} when it can ({@link
   * SlurmAccounting}); alerts only as events and metrics.
   */
  public static ControllerMoney none(Object slurm) {
    return new ControllerMoney(
        Optional.empty(),
        new PriceBook(Duration.ofDays(7)),
        slurm instanceof SlurmAccounting a ? Optional.of(a) : Optional.empty(),
        AlertWebhook.Sender.NONE);
  }
}
