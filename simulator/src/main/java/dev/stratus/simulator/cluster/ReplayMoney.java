package dev.stratus.simulator.cluster;

import dev.stratus.core.controller.AlertWebhook;
import dev.stratus.core.controller.ControllerMoney;
import dev.stratus.core.money.Budget;
import dev.stratus.core.prices.PriceBook;
import dev.stratus.ledger.SqliteCostLedger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What a replay's controller does money with: without budgets, nothing (no ledger, the configured
 * prices); with budgets, the real cost ledger in a scratch file, so admission sees what the jobs
 * spent and reserve exactly as the controller's own ledger would show it, and the simulated Slurm
 * holds and releases jobs.
 */
final class ReplayMoney implements AutoCloseable {
  private final ControllerMoney money;
  private final Optional<SqliteCostLedger> ledger;
  private final Optional<Path> file;

  private ReplayMoney(
      ControllerMoney money, Optional<SqliteCostLedger> ledger, Optional<Path> file) {
    this.money = money;
    this.ledger = ledger;
    this.file = file;
  }

  static ReplayMoney of(List<Budget> budgets, ReplaySlurm slurm) {
    if (budgets.isEmpty()) {
      return new ReplayMoney(ControllerMoney.none(slurm), Optional.empty(), Optional.empty());
    }
    try {
      Path file = Files.createTempFile("stratus-replay-ledger", ".db");
      SqliteCostLedger ledger = SqliteCostLedger.open(file);
      ControllerMoney money =
          new ControllerMoney(
              Optional.of(ledger),
              new PriceBook(Duration.ofDays(7)),
              Optional.of(slurm),
              AlertWebhook.Sender.NONE);
      return new ReplayMoney(money, Optional.of(ledger), Optional.of(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make the replay's scratch ledger", e);
    }
  }

  ControllerMoney money() {
    return money;
  }

  @Override
  public void close() {
    ledger.ifPresent(SqliteCostLedger::close);
    file.ifPresent(
        f -> {
          try {
            Files.deleteIfExists(f);
            Files.deleteIfExists(Path.of(f + "-wal"));
            Files.deleteIfExists(Path.of(f + "-shm"));
          } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + f, e);
          }
        });
  }
}
