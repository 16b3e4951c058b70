package dev.stratus.cli.money;

import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetStatus;
import dev.stratus.core.money.Money;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code stratus budget status}: each budget's spent, reserved, remaining and forecast. */
@Command(
    name = "budget",
    mixinStandardHelpOptions = true,
    description = "Dollar budgets.",
    subcommands = {BudgetCommand.Status.class})
public final class BudgetCommand {
  @Command(
      name = "status",
      mixinStandardHelpOptions = true,
      description =
          "Each budget now: spent, reserved by running jobs, remaining, forecast to the period's end.")
  public static final class Status implements Callable<Integer> {
    @Mixin LedgerOption ledger;
    Clock clock = Clock.systemUTC();

    @Override
    public Integer call() {
      Optional<StratusConfig> config = ledger.load();
      if (config.isEmpty()) {
        return 2;
      }
      List<Budget> budgets = config.get().money().budgets();
      if (budgets.isEmpty()) {
        System.out.println("no budgets in " + ledger.path);
        return 0;
      }
      Instant now = clock.instant();
      Map<String, BudgetStatus> statuses = BudgetsNow.of(config.get(), now);
      System.out.printf(
          Locale.ROOT,
          "%-20s %-22s %-6s %12s %12s %12s %12s %12s%n",
          "budget",
          "scope",
          "mode",
          "amount",
          "spent",
          "reserved",
          "remaining",
          "forecast");
      for (Budget b : budgets) {
        BudgetStatus s = statuses.get(b.name());
        if (s == null) {
          System.out.printf(
              Locale.ROOT,
              "%-20s %-22s not in its window (%s)%n",
              b.label(),
              b.scope().label(),
              b.period().label());
          continue;
        }
        System.out.printf(
            Locale.ROOT,
            "%-20s %-22s %-6s %12s %12s %12s %12s %12s%n",
            b.label(),
            b.scope().label(),
            b.mode().name().toLowerCase(Locale.ROOT),
            Money.format(b.amount()),
            Money.format(s.spent()),
            Money.format(s.reserved()),
            Money.format(s.remaining()),
            Money.format(s.forecast()));
      }
      return 0;
    }
  }
}
