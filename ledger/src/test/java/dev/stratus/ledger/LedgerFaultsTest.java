package dev.stratus.ledger;

import static dev.stratus.ledger.SqliteCostLedgerTest.LOCAL;
import static dev.stratus.ledger.SqliteCostLedgerTest.at;
import static dev.stratus.ledger.SqliteCostLedgerTest.running;
import static dev.stratus.ledger.SqliteCostLedgerTest.sighting;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.money.CostReport;
import dev.stratus.core.money.FaultRecord;
import dev.stratus.core.money.IdleSpan;
import dev.stratus.core.money.InstanceSighting;
import dev.stratus.core.money.InstanceSpan;
import dev.stratus.core.money.JobSighting;
import dev.stratus.core.money.LedgerExtract;
import dev.stratus.core.money.LedgerObservation;
import dev.stratus.core.money.Money;
import dev.stratus.core.money.OfferingFaults;
import dev.stratus.core.money.ReportKey;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GPU faults and idle spans through SQLite and back ($36/h = $0.01/s in every test). */
class LedgerFaultsTest {
  @TempDir Path dir;
  SqliteCostLedger ledger;

  @BeforeEach
  void open() {
    ledger = SqliteCostLedger.open(dir.resolve("state/ledger.db"));
  }

  @AfterEach
  void close() {
    ledger.close();
  }

  void pass(long s, List<InstanceSighting> seen, List<JobSighting> jobs) {
    ledger.reconcile(new LedgerObservation(at(s), seen, Set.of("local"), Optional.of(jobs)));
  }

  static FaultRecord fault(
      String id, String node, long launched, long at, Map<Long, Long> lost, boolean admission) {
    Map<Long, Instant> from = new HashMap<>();
    lost.forEach((job, t) -> from.put(job, at(t)));
    return new FaultRecord(
        id,
        "local",
        LOCAL.toString(),
        "gpu",
        "gpu",
        node,
        LOCAL.capacityType(),
        8,
        new BigDecimal("36"),
        at(launched),
        at(at),
        admission ? "admission level 1: dcgmi diag failed" : "xid 79: GPU has fallen off the bus",
        from,
        admission);
  }

  Map<String, BigDecimal> byAccount(Instant now) {
    Map<String, BigDecimal> out = new HashMap<>();
    ledger
        .extract(at(-1000), at(1000))
        .charges(now, c -> out.merge(c.key().account(), c.amount(), BigDecimal::add));
    out.replaceAll((k, v) -> Money.cents(v));
    return out;
  }

  /**
   * Job 1 (team-a) asked for the node: boot 0..10, runs on all GPUs from 10, last checkpoint at 30;
   * the node faults at 50 and is terminated at 60.
   */
  void faultOnASeenInstance() {
    var node = List.of(sighting("i-1", "gpu-001", 0, 1L));
    pass(10, node, List.of());
    pass(40, node, List.of(running(1, "team-a", "gpu-001", 10)));
    ledger.faultRecorded(fault("i-1", "gpu-001", 0, 50, Map.of(1L, 30L), false));
    ledger.terminationRequested(List.of("i-1"), at(60));
    pass(70, List.of(), List.of());
  }

  @Test
  void aFaultOnASeenInstanceMakesItsRestAndTheLostWorkFaultyNotTheAccounts() {
    faultOnASeenInstance();

    assertThat(byAccount(at(100)))
        .containsEntry("team-a", new BigDecimal("0.30")) // boot 0..10, run 10..30
        .containsEntry("(faulty)", new BigDecimal("0.30")) // lost 30..50, fault 50..60
        .hasSize(2);
    InstanceSpan span = ledger.extract(at(0), at(100)).instances().get(0);
    assertThat(span.offering()).isEqualTo(LOCAL.toString());
    assertThat(span.fault())
        .hasValueSatisfying(
            f -> {
              assertThat(f.at()).isEqualTo(at(50));
              assertThat(f.admission()).isFalse();
              assertThat(f.lostWorkFrom()).containsEntry(1L, at(30));
            });
  }

  @Test
  void recordingTheSameFaultAgainOrALaterOneChangesNothing() throws Exception {
    faultOnASeenInstance();
    Map<String, BigDecimal> once = byAccount(at(100));
    String rows = dump();

    ledger.faultRecorded(fault("i-1", "gpu-001", 0, 50, Map.of(1L, 30L), false));
    ledger.faultRecorded(fault("i-1", "gpu-001", 0, 55, Map.of(1L, 40L), false));

    assertThat(byAccount(at(100))).isEqualTo(once);
    assertThat(dump()).isEqualTo(rows);
    // An earlier fault does move it.
    ledger.faultRecorded(fault("i-1", "gpu-001", 0, 45, Map.of(1L, 20L), false));
    assertThat(byAccount(at(100)))
        .containsEntry("team-a", new BigDecimal("0.20"))
        .containsEntry("(faulty)", new BigDecimal("0.40"));
  }

  @Test
  void anInstanceNoPassSawIsRecordedFromItsAdmissionFaultAndClosedAtItsTermination() {
    pass(5, List.of(), List.of());
    ledger.faultRecorded(fault("i-adm", "gpu-002", 0, 20, Map.of(), true));
    LedgerExtract open = ledger.extract(at(0), at(100));
    assertThat(open.instances())
        .singleElement()
        .satisfies(
            i -> {
              assertThat(i.ended()).isEmpty();
              assertThat(i.launched()).isEqualTo(at(0));
              assertThat(i.node()).isEqualTo("gpu-002");
              assertThat(i.offering()).isEqualTo(LOCAL.toString());
              assertThat(i.fault()).hasValueSatisfying(f -> assertThat(f.admission()).isTrue());
            });

    ledger.terminationRequested(List.of("i-adm"), at(30));
    pass(40, List.of(), List.of());

    assertThat(ledger.extract(at(0), at(100)).instances().get(0).ended()).contains(at(30));
    assertThat(byAccount(at(100))).containsOnlyKeys("(faulty)");
    assertThat(byAccount(at(100)).get("(faulty)")).isEqualByComparingTo("0.30");
  }

  @Test
  void anIdleSpanSentAgainLongerExtendsItAndShorterChangesNothing() {
    var node = List.of(sighting("i-1", "gpu-001", 0, null));
    pass(10, node, List.of(running(1, "team-a", "gpu-001", 0)));
    ledger.idleRecorded(new IdleSpan(1, "gpu-001", at(10), at(20), 4));
    ledger.idleRecorded(new IdleSpan(1, "gpu-001", at(10), at(30), 4));
    ledger.idleRecorded(new IdleSpan(1, "gpu-001", at(10), at(25), 4));
    ledger.idleRecorded(new IdleSpan(1, "gpu-001", at(10), at(30), 4));
    pass(100, node, List.of(running(1, "team-a", "gpu-001", 0)));

    LedgerExtract e = ledger.extract(at(0), at(100));
    assertThat(e.idleSpans()).containsExactly(new IdleSpan(1, "gpu-001", at(10), at(30), 4));
    CostReport byJob = new CostReport(ReportKey.JOB, at(0), at(100), Duration.ofHours(1));
    e.charges(at(100), byJob);
    assertThat(byJob.rows())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.key()).isEqualTo("1");
              assertThat(Money.cents(r.amount()))
                  .isEqualByComparingTo("1.00"); // waste is still theirs
              assertThat(Money.cents(r.waste())).isEqualByComparingTo("0.10"); // 4 of 8 GPUs, 20 s
            });
  }

  @Test
  void aFaultOrAnIdleSpanOnASettledInstanceUnsettlesItAndTheReportStaysExact() throws Exception {
    try (SqliteCostLedger quick =
        SqliteCostLedger.open(dir.resolve("quick.db"), Duration.ofSeconds(10))) {
      var node = List.of(sighting("i-1", "gpu-001", 0, null));
      quick.reconcile(obs(10, node, List.of(running(1, "team-a", "gpu-001", 0))));
      quick.terminationRequested(List.of("i-1"), at(100));
      quick.reconcile(obs(110, List.of(), List.of()));
      quick.reconcile(obs(200, List.of(), List.of())); // settles i-1
      assertThat(SettledReportTest.count(dir.resolve("quick.db"), "settled_at IS NOT NULL"))
          .isEqualTo(1);
      assertThat(quick.extract(at(0), at(300)).instances()).hasSize(1);
      quick.faultRecorded(fault("i-1", "gpu-001", 0, 80, Map.of(1L, 60L), false));
      quick.idleRecorded(new IdleSpan(1, "gpu-001", at(0), at(20), 8));
      assertThat(SettledReportTest.count(dir.resolve("quick.db"), "settled_at IS NULL"))
          .isEqualTo(1);
      quick.reconcile(obs(300, List.of(), List.of())); // settles it again
      assertThat(SettledReportTest.count(dir.resolve("quick.db"), "settled_at IS NOT NULL"))
          .isEqualTo(1);

      for (ReportKey by : List.of(ReportKey.ACCOUNT, ReportKey.OFFERING)) {
        CostReport fast = new CostReport(by, at(-8 * 3600), at(16 * 3600), Duration.ofDays(1));
        quick.report(fast, at(300));
        assertThat(Money.cents(fast.total())).isEqualByComparingTo("1.00");
        assertThat(Money.cents(fast.faultyTotal())).isEqualByComparingTo("0.40");
        assertThat(Money.cents(fast.wasteTotal())).isEqualByComparingTo("0.20");
      }
    }
  }

  @Test
  void perOfferingTheLaunchedAndFaultedInstancesGiveTheFailureRate() {
    faultOnASeenInstance(); // a running fault
    ledger.faultRecorded(fault("i-adm", "gpu-002", 0, 20, Map.of(), true)); // an admission one
    pass(80, List.of(sighting("i-3", "gpu-003", 75, null)), List.of()); // a healthy one
    pass(90, List.of(sighting("i-4", "gpu-004", 5000, null)), List.of()); // after the range

    assertThat(ledger.offeringFaults(at(0), at(1000)))
        .containsExactly(new OfferingFaults(LOCAL.toString(), 3, 1, 1));
    assertThat(ledger.offeringFaults(at(0), at(1000)).get(0).failureRate()).isEqualTo(2.0 / 3);
  }

  @Test
  void theMigrationGivesOldInstancesTheirOfferingAndSettlesThemAgain() throws Exception {
    Path file = dir.resolve("old.db");
    String url = OldLedgers.at(file, "2");
    try (Connection c = DriverManager.getConnection(url)) {
      c.createStatement()
          .execute(
              "INSERT INTO instances (instance_id, provider, region, zone, instance_type,"
                  + " capacity_type, pool, partition_name, node, gpus, price_per_hour, price_kind,"
                  + " price_source, price_as_of, launched_at, first_seen_at, last_seen_at,"
                  + " ended_at, settled_at) VALUES ('i-old', 'aws', 'us-east-1', '',"
                  + " 'p5.48xlarge', 'ON_DEMAND', 'gpu', 'gpu', 'gpu-001', 8, '98.32',"
                  + " 'CONFIGURED', 'x', '', 0, 0, 10, 10, 20)");
      c.createStatement().execute("INSERT INTO settled_spend VALUES ('pool', 0, 'gpu', '0.27')");
    }
    try (SqliteCostLedger old = SqliteCostLedger.open(file)) {
      assertThat(old.extract(Instant.EPOCH, Instant.EPOCH.plusSeconds(1)).instances())
          .singleElement()
          .satisfies(
              i -> assertThat(i.offering()).isEqualTo("aws/us-east-1/p5.48xlarge/on_demand"));
    }
    assertThat(SettledReportTest.count(file, "settled_at IS NULL")).isEqualTo(1);
    try (Connection c = LedgerDatabase.open(file).connect(false);
        ResultSet r = c.createStatement().executeQuery("SELECT count(*) FROM settled_spend")) {
      r.next();
      assertThat(r.getInt(1)).isZero();
    }
  }

  private LedgerObservation obs(long s, List<InstanceSighting> seen, List<JobSighting> jobs) {
    return new LedgerObservation(at(s), seen, Set.of("local"), Optional.of(jobs));
  }

  /** The rows a fault writes, as text. */
  private String dump() throws Exception {
    StringBuilder out = new StringBuilder();
    try (Connection c = LedgerDatabase.open(ledger.file()).connect(false);
        ResultSet r =
            c.createStatement()
                .executeQuery(
                    "SELECT i.instance_id, fault_at, fault_admission, fault_cause, job_id,"
                        + " lost_from FROM instances i LEFT JOIN lost_work l"
                        + " ON l.instance_id = i.instance_id ORDER BY 1, 5")) {
      while (r.next()) {
        for (int k = 1; k <= 6; k++) {
          out.append(r.getString(k)).append(' ');
        }
        out.append('\n');
      }
    }
    return out.toString();
  }
}
