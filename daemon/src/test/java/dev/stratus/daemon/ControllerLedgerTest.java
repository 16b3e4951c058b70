package dev.stratus.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.core.config.MoneySettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.AlertWebhook;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerFixture;
import dev.stratus.core.controller.ControllerMoney;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetFigures;
import dev.stratus.core.money.BudgetPeriod;
import dev.stratus.core.money.BudgetScope;
import dev.stratus.core.money.InstanceSpan;
import dev.stratus.core.money.LedgerExtract;
import dev.stratus.core.prices.PriceBook;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.ledger.SqliteCostLedger;
import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.HealthAction;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller with its real SQLite ledger on the in-memory cloud and Slurm: every pass
 * reconciles it, an accepted termination closes the instance where the cloud stopped billing, a
 * finished job's cost goes to Slurm, and the spend and budget meters follow. Spot at $30/h.
 */
class ControllerLedgerTest extends ControllerFixture {
  @TempDir Path dir;
  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  final List<String> posted = new CopyOnWriteArrayList<>();
  SqliteCostLedger ledger;

  static final Budget TEAM_A =
      new Budget(
          "team-a",
          BudgetScope.account("team-a"),
          new BudgetPeriod.Month(ZoneOffset.UTC),
          new BigDecimal("100"),
          Budget.Mode.SOFT,
          false,
          List.of(10, 90),
          Optional.of("http://127.0.0.1:9/alerts"));

  @Override
  protected StratusConfig config() {
    StratusConfig c = super.config();
    MoneySettings d = MoneySettings.defaults(dir);
    return c.withMoney(
        new MoneySettings(
            d.prices(), new MoneySettings.Ledger(dir.resolve("ledger.db"), true), List.of(TEAM_A)));
  }

  @Override
  protected ControllerMoney money() {
    ledger = SqliteCostLedger.open(dir.resolve("ledger.db"));
    AlertWebhook.Sender capture =
        (url, json) -> {
          posted.add(url + " " + json);
          return CompletableFuture.completedFuture(200);
        };
    return new ControllerMoney(
        Optional.of(ledger), new PriceBook(Duration.ofDays(7)), Optional.of(slurm), capture);
  }

  @Override
  protected Controller newController() {
    return newController(NodeCredentials.NONE, new StratusMetrics(registry));
  }

  @AfterEach
  void closeLedger() {
    ledger.close();
  }

  /** Job 42 of alice in team-a runs on gpu-001 (an hour's limit), started now. */
  Instance teamAJobRuns() {
    Instance spot = jobRunning(42, "gpu-001", Duration.ZERO);
    slurm.removeJob(42);
    slurm.addJob(job("RUNNING", Optional.empty()));
    return spot;
  }

  SlurmJob job(String state, Optional<Instant> ended) {
    return new SlurmJob(
        42,
        "train",
        state,
        "None",
        "gpu",
        "gpu-001",
        1,
        "gpu:h100:8",
        0,
        true,
        Optional.of(clock.instant()),
        new SlurmJob.Accounting("alice", "team-a", Optional.of(Duration.ofHours(1)), ended, ""),
        "");
  }

  @Test
  void aGpuFaultActedOnIsBookedWithTheJobsLostWorkAndIsNobodysBudget() {
    Instance spot = teamAJobRuns();
    Instant started = clock.instant();
    pass();
    clock.add(Duration.ofMinutes(30));
    controller.receiveHealth(
        new GpuHealthReport(
            "gpu-001",
            spot.id(),
            clock.instant(),
            1,
            GpuHealthReport.Read.OK,
            List.of(new GpuFinding("0", "xid", 79, HealthAction.REQUEUE_NOW, true, "")),
            List.of()));
    noticeRun(); // the fault: signal, drain, booked
    Instant faultAt = clock.instant();
    pass(); // the ledger is written by the pass

    InstanceSpan span =
        ledger.extract(Instant.EPOCH, clock.instant()).instances().stream()
            .filter(i -> i.instanceId().equals(spot.id()))
            .findFirst()
            .orElseThrow();
    assertThat(span.fault()).isPresent();
    assertThat(span.fault().get().at()).isEqualTo(faultAt);
    assertThat(span.fault().get().admission()).isFalse();
    // no checkpoint: the job's whole run so far is lost work
    assertThat(span.fault().get().lostWorkFrom()).containsEntry(42L, started);
    clock.add(Duration.ofMinutes(10));
    pass();

    // The books: the 30 min the job lost and the 10 min since the fault are the offering's faulty
    // spend, at $30/h, and none of it is team-a's.
    BigDecimal[] sums = {BigDecimal.ZERO, BigDecimal.ZERO};
    BudgetFigures figures =
        BudgetFigures.from(
            List.of(TEAM_A),
            ledger.extract(Instant.EPOCH, clock.instant()),
            clock.instant(),
            c -> {
              if (c.key().faulty()) {
                sums[0] = sums[0].add(c.amount());
              } else if (c.key().account().equals("team-a")) {
                sums[1] = sums[1].add(c.amount());
              }
            });
    assertThat(sums[0].doubleValue()).isCloseTo(20.0, Offset.offset(0.01));
    assertThat(sums[1].doubleValue()).isCloseTo(0.0, Offset.offset(0.01));
    assertThat(figures.spent().getOrDefault("team-a", BigDecimal.ZERO).doubleValue())
        .isCloseTo(0.0, Offset.offset(0.01));
    // The counter adds spend as it accrues: the lost work was counted as the job's before the
    // fault, so only the 10 min since show up there; reports re-attribute the rest.
    assertThat(
            registry.find("stratus.faulty.usd").counters().stream()
                .mapToDouble(Counter::count)
                .sum())
        .isCloseTo(5.0, Offset.offset(0.01));
  }

  @Test
  void eachPassBillsTheRunningInstanceAndAnAcceptedTerminationEndsItsBill() {
    Instance spot = teamAJobRuns();
    pass();
    clock.add(Duration.ofMinutes(30));
    pass();
    slurm.removeJob(42);
    slurm.addJob(job("COMPLETED", Optional.of(clock.instant())));
    Instant suspendAt = clock.instant();
    spool.add(new SpoolRequest("s1", HookKind.SUSPEND, List.of("gpu-001"), List.of(), suspendAt));
    pass(); // terminates: accepted on the lane at suspendAt (the clock stands still)
    clock.add(Duration.ofMinutes(10));
    pass(); // the listing misses it: closed where termination was accepted, not now

    LedgerExtract all = ledger.extract(Instant.EPOCH, clock.instant());
    InstanceSpan span =
        all.instances().stream()
            .filter(i -> i.instanceId().equals(spot.id()))
            .findFirst()
            .orElseThrow();
    assertThat(span.ended()).contains(suspendAt);
    assertThat(
            registry.find("stratus.spend.usd").tag("account", "team-a").counters().stream()
                .mapToDouble(Counter::count)
                .sum())
        .isCloseTo(15.0, Offset.offset(0.01));
  }

  @Test
  void aFinishedJobsCostGoesToSlurmOnceAndTheBudgetMetersFollowTheSpend() {
    teamAJobRuns();
    pass();
    clock.add(Duration.ofMinutes(30));
    pass();
    assertThat(
            registry.find("stratus.budget.remaining.usd").tag("budget", "team-a").gauge().value())
        .isCloseTo(100 - 15 - 15, Offset.offset(0.01)); // spent + reserved
    slurm.removeJob(42);
    slurm.addJob(job("COMPLETED", Optional.of(clock.instant())));
    spool.add(
        new SpoolRequest("s1", HookKind.SUSPEND, List.of("gpu-001"), List.of(), clock.instant()));
    for (int i = 0; i < 12; i++) {
      pass();
    }

    assertThat(slurm.calls())
        .filteredOn(c -> c.startsWith("cost "))
        .containsExactly("cost 42 stratus: cost $15.00");
    assertThat(ledger.finishedJobsWithoutRecordedCost(10)).isEmpty();
    assertThat(registry.find("stratus.budget.reserved.usd").tag("budget", "team-a").gauge().value())
        .isZero();
  }

  @Test
  void aCrossedAlertThresholdIsPostedToTheBudgetsWebhookOnce() {
    teamAJobRuns();
    pass();
    clock.add(Duration.ofMinutes(30));
    pass();
    pass();

    assertThat(posted).hasSize(1);
    assertThat(posted.get(0))
        .startsWith("http://127.0.0.1:9/alerts {\"event\":\"budget_alert\",\"budget\":\"team-a\"")
        .contains("\"threshold_percent\":10", "\"spent_usd\":15.00");
    assertThat(registry.find("stratus.budget.alerts").tag("budget", "team-a").counter().count())
        .isEqualTo(1.0);
  }
}
