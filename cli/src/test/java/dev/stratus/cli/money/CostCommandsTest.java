package dev.stratus.cli.money;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.Tags;
import dev.stratus.core.money.FaultRecord;
import dev.stratus.core.money.IdleSpan;
import dev.stratus.core.money.InstanceSighting;
import dev.stratus.core.money.JobOwner;
import dev.stratus.core.money.JobSighting;
import dev.stratus.core.money.LedgerObservation;
import dev.stratus.ledger.SqliteCostLedger;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CostCommandsTest {
  static final Instant T0 = Instant.parse("2026-11-10T00:00:00Z");
  static final OfferingKey LOCAL =
      new OfferingKey("local", "local", "rack-a", "local-h100x8", CapacityType.SPOT);

  @TempDir Path dir;

  Path config() throws Exception {
    Path yaml = dir.resolve("stratus.yaml");
    Files.writeString(
        yaml,
        """
        cluster: demo
        stateDir: ./state
        pools:
          - name: gpu
            gpu: {model: h100, count: 8}
            cpus: 8
            memoryMiB: 64000
            maxNodes: 4
            offerings:
              - {provider: local, region: local, instanceType: local-h100x8, capacity: spot, pricePerHour: 36}
        providers:
          local: {}
        budgets:
          - {name: team-a, scope: {account: team-a}, period: month, amount: 100}
          - {name: all, scope: cluster, period: month, amount: 1000, mode: soft}
        """);
    // One node, $36/h = $0.01/s: job 1 (team-a) 0..3600 s on all GPUs, idle until 5400 s.
    try (SqliteCostLedger l = SqliteCostLedger.open(dir.resolve("state/ledger.db"))) {
      Instance i =
          new Instance(
              "local-1",
              LOCAL,
              InstanceState.RUNNING,
              T0,
              "",
              Map.of(Tags.NODE, "gpu-001", Tags.POOL, "gpu"));
      var seen =
          List.of(
              new InstanceSighting(
                  i, "gpu", "gpu", 8, new BigDecimal("36"), PriceOrigin.CONFIGURED));
      JobOwner owner = new JobOwner(1, "alice", "team-a", "gpu");
      l.reconcile(
          obs(
              60,
              seen,
              List.of(
                  new JobSighting(
                      owner,
                      "RUNNING",
                      List.of("gpu-001"),
                      8,
                      Optional.of(T0),
                      Optional.empty(),
                      Optional.of(Duration.ofHours(2))))));
      l.reconcile(
          obs(
              3600,
              seen,
              List.of(
                  new JobSighting(
                      owner,
                      "COMPLETED",
                      List.of("gpu-001"),
                      8,
                      Optional.of(T0),
                      Optional.of(T0.plusSeconds(3600)),
                      Optional.of(Duration.ofHours(2))))));
      l.reconcile(obs(5400, List.of(), List.of()));
    }
    return yaml;
  }

  static LedgerObservation obs(long s, List<InstanceSighting> seen, List<JobSighting> jobs) {
    return new LedgerObservation(T0.plusSeconds(s), seen, Set.of("local"), Optional.of(jobs));
  }

  String run(Object command, String... args) {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream old = System.out;
    System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
    try {
      assertThat(new CommandLine(command).execute(args)).isZero();
    } finally {
      System.setOut(old);
    }
    return buf.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theReportSplitsTheNodeIntoTheJobsAccountAndIdleTime() throws Exception {
    Path yaml = config();
    CostReportCommand report = new CostReportCommand();
    report.clock = Clock.fixed(T0.plusSeconds(7200), ZoneOffset.UTC);
    String table =
        run(
            report,
            "--config",
            yaml.toString(),
            "--by",
            "account",
            "--from",
            "2026-11-10",
            "--to",
            "2026-11-11",
            "--bucket",
            "1h",
            "--chart",
            dir.resolve("spend.png").toString());
    assertThat(table).contains("team-a", "$36.00", "(idle)", "$18.00", "total", "$54.00");
    assertThat(Files.size(dir.resolve("spend.png"))).isGreaterThan(1000);
    String csv =
        run(
            new CostReportCommand(),
            "--config",
            yaml.toString(),
            "--by",
            "user",
            "--from",
            "2026-11-10",
            "--to",
            "2026-11-11",
            "-o",
            "csv");
    assertThat(csv.lines())
        .containsExactly(
            "user,usd,faulty_usd,waste_usd", "alice,36.00,0.00,0.00", "(idle),18.00,0.00,0.00");
    String json =
        run(
            new CostReportCommand(),
            "--config",
            yaml.toString(),
            "--by",
            "capacity-type",
            "--from",
            "2026-11-10",
            "--to",
            "2026-11-11",
            "-o",
            "json",
            "--chart",
            dir.resolve("s.svg").toString());
    assertThat(json).contains("\"by\":\"capacity-type\"", "\"key\":\"spot\"", "\"usd\":54.00");
    assertThat(Files.readString(dir.resolve("s.svg"))).startsWith("<?xml").contains("<svg");
  }

  @Test
  void byOfferingShowsFaultySpendAndTheFailureRateAndByJobTheWaste() throws Exception {
    Path yaml = config();
    try (SqliteCostLedger l = SqliteCostLedger.open(dir.resolve("state/ledger.db"))) {
      // local-2 failed its admission check and never ran a job: its 200 s ($2.00) are faulty.
      l.faultRecorded(
          new FaultRecord(
              "local-2",
              "local",
              LOCAL.toString(),
              "gpu",
              "gpu",
              "gpu-002",
              CapacityType.SPOT,
              8,
              new BigDecimal("36"),
              T0.plusSeconds(100),
              T0.plusSeconds(200),
              "admission level 1: dcgmi diag failed",
              Map.of(),
              true));
      l.terminationRequested(List.of("local-2"), T0.plusSeconds(300));
      // Half of job 1's GPUs were idle for its first half hour: $9.00 of its $36.00 is waste.
      l.idleRecorded(new IdleSpan(1, "gpu-001", T0, T0.plusSeconds(1800), 4));
      l.reconcile(obs(5500, List.of(), List.of()));
    }
    String[] range = {"--config", yaml.toString(), "--from", "2026-11-10", "--to", "2026-11-11"};

    String csv = run(new CostReportCommand(), with(range, "--by", "offering", "-o", "csv"));
    assertThat(csv.lines())
        .containsExactly(
            "offering,usd,faulty_usd,waste_usd,launched,faulted,admission_faults,running_faults,"
                + "failure_rate",
            LOCAL + ",56.00,2.00,9.00,2,1,1,0,0.5000");
    String table = run(new CostReportCommand(), with(range, "--by", "offering"));
    assertThat(table).contains(LOCAL.toString(), "$56.00", "$2.00", "$9.00", "50.0%");
    String byJob = run(new CostReportCommand(), with(range, "--by", "job", "-o", "csv"));
    assertThat(byJob.lines())
        .containsExactly(
            "job,usd,faulty_usd,waste_usd",
            "1,36.00,0.00,9.00",
            "(idle),18.00,0.00,0.00",
            "(faulty),2.00,2.00,0.00");
    String json = run(new CostReportCommand(), with(range, "--by", "account", "-o", "json"));
    assertThat(json)
        .contains(
            "\"total_usd\":56.00",
            "\"faulty_usd\":2.00",
            "\"waste_usd\":9.00",
            "{\"key\":\"team-a\",\"usd\":36.00,\"faulty_usd\":0.00,\"waste_usd\":9.00}");
  }

  static String[] with(String[] base, String... more) {
    String[] out = Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, out, base.length, more.length);
    return out;
  }

  @Test
  void budgetStatusShowsSpentRemainingAndForecast() throws Exception {
    Path yaml = config();
    BudgetCommand.Status status = new BudgetCommand.Status();
    status.clock = Clock.fixed(T0.plusSeconds(7200), ZoneOffset.UTC);
    String out = run(status, "--config", yaml.toString());
    assertThat(out.lines().filter(l -> l.startsWith("team-a month")).findFirst().orElseThrow())
        .contains("account team-a", "hard", "$100.00", "$36.00", "$0.00", "$64.00");
    assertThat(out.lines().filter(l -> l.startsWith("all month")).findFirst().orElseThrow())
        .contains("cluster", "soft", "$54.00");
  }

  @Test
  void aMissingLedgerOrABadKeyExitsTwoWithOneLine() throws Exception {
    Path yaml = dir.resolve("stratus.yaml");
    Files.writeString(
        yaml, Files.readString(config()).replace("stateDir: ./state", "stateDir: ./other"));
    assertThat(new CommandLine(new CostReportCommand()).execute("--config", yaml.toString()))
        .isEqualTo(2);
    assertThat(
            new CommandLine(new CostReportCommand())
                .execute("--config", config().toString(), "--by", "team"))
        .isEqualTo(2);
  }
}
