package dev.stratus.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.Tags;
import dev.stratus.core.money.Charge;
import dev.stratus.core.money.CostKey;
import dev.stratus.core.money.InstanceSighting;
import dev.stratus.core.money.InstanceSpan;
import dev.stratus.core.money.JobOwner;
import dev.stratus.core.money.JobSighting;
import dev.stratus.core.money.LedgerExtract;
import dev.stratus.core.money.LedgerObservation;
import dev.stratus.core.money.Money;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteCostLedgerTest {
  static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");
  static final OfferingKey LOCAL =
      new OfferingKey("local", "local", "rack-a", "local-h100x8", CapacityType.SPOT);

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

  static Instant at(long s) {
    return T0.plusSeconds(s);
  }

  static InstanceSighting sighting(String id, String node, long launched, Long job) {
    Map<String, String> tags = new HashMap<>(Map.of(Tags.NODE, node, Tags.POOL, "gpu"));
    if (job != null) {
      tags.put(Tags.JOB, job.toString());
    }
    return new InstanceSighting(
        new Instance(id, LOCAL, InstanceState.RUNNING, at(launched), "", tags),
        "gpu",
        "gpu",
        8,
        new BigDecimal("36"),
        PriceOrigin.CONFIGURED);
  }

  static JobSighting running(long job, String account, String node, long start) {
    return new JobSighting(
        new JobOwner(job, "alice", account, "gpu"),
        "RUNNING",
        List.of(node),
        8,
        Optional.of(at(start)),
        Optional.empty(),
        Optional.of(Duration.ofHours(1)));
  }

  static JobSighting finished(long job, String account, String node, long start, long end) {
    return new JobSighting(
        new JobOwner(job, "alice", account, "gpu"),
        "COMPLETED",
        List.of(node),
        8,
        Optional.of(at(start)),
        Optional.of(at(end)),
        Optional.of(Duration.ofHours(1)));
  }

  void pass(long s, List<InstanceSighting> seen, List<JobSighting> jobs) {
    ledger.reconcile(new LedgerObservation(at(s), seen, Set.of("local"), Optional.of(jobs)));
  }

  InstanceSpan only() {
    LedgerExtract e = ledger.extract(at(-100_000), at(100_000));
    assertThat(e.instances()).hasSize(1);
    return e.instances().get(0);
  }

  @Test
  void aSecondWriterOnTheSameFileOpensAndWritesBetweenTheFirstOnesPasses() {
    // A standby controller opens the ledger of the shared state while the active one runs: the
    // active one must hold the write lock only during a call, never between calls.
    pass(10, List.of(sighting("i-1", "gpu-001", 0, null)), List.of());
    try (SqliteCostLedger standby = SqliteCostLedger.open(dir.resolve("state/ledger.db"))) {
      standby.terminationRequested(List.of("i-1"), at(12));
      pass(20, List.of(), List.of());
    }
    assertThat(only().ended()).contains(at(12));
  }

  @Test
  void anInstanceThatVanishesIsClosedAtTheFirstPassThatMissedIt() {
    pass(10, List.of(sighting("i-1", "gpu-001", 0, null)), List.of());
    pass(20, List.of(sighting("i-1", "gpu-001", 0, null)), List.of());
    pass(30, List.of(), List.of());
    assertThat(only().ended()).contains(at(30));
    pass(40, List.of(), List.of()); // closing is done once
    assertThat(only().ended()).contains(at(30));
  }

  @Test
  void anInstanceStratusTerminatedIsClosedWhenTheCloudAcceptedTheRequest() {
    pass(10, List.of(sighting("i-1", "gpu-001", 0, null)), List.of());
    ledger.terminationRequested(List.of("i-1", "i-unknown"), at(12));
    pass(20, List.of(), List.of());
    assertThat(only().ended()).contains(at(12));
  }

  @Test
  void aTerminationTheCloudDidNotActOnBeforeTheNextSightingDoesNotShortenTheBill() {
    pass(10, List.of(sighting("i-1", "gpu-001", 0, null)), List.of());
    ledger.terminationRequested(List.of("i-1"), at(12));
    pass(20, List.of(sighting("i-1", "gpu-001", 0, null)), List.of()); // still listed
    pass(30, List.of(), List.of());
    assertThat(only().ended()).contains(at(30));
  }

  @Test
  void anInstanceOfAProviderThatCouldNotBeListedStaysOpen() {
    pass(10, List.of(sighting("i-1", "gpu-001", 0, null)), List.of());
    ledger.reconcile(new LedgerObservation(at(20), List.of(), Set.of(), Optional.empty()));
    assertThat(only().ended()).isEmpty();
    assertThat(ledger.lastReconciled()).contains(at(20));
  }

  @Test
  void anInstanceSeenAgainAfterItWasClosedIsBilledWithoutAGap() {
    pass(10, List.of(sighting("i-1", "gpu-001", 0, null)), List.of());
    pass(20, List.of(), List.of());
    pass(30, List.of(sighting("i-1", "gpu-001", 0, null)), List.of());
    assertThat(only().ended()).isEmpty();
    assertThat(only().launched()).isEqualTo(at(0));
  }

  @Test
  void thePriceAndItsSourceAreThoseOfTheFirstSighting() throws Exception {
    pass(10, List.of(sighting("i-1", "gpu-001", 0, 7L)), List.of());
    InstanceSighting pricier =
        new InstanceSighting(
            sighting("i-1", "gpu-001", 0, 7L).instance(),
            "gpu",
            "gpu",
            8,
            new BigDecimal("99"),
            PriceOrigin.live("aws Price List API", at(5)));
    pass(20, List.of(pricier), List.of());
    assertThat(only().pricePerHour()).isEqualByComparingTo("36");
    assertThat(only().requestedBy()).hasValue(7);
    try (Connection c = LedgerDatabase.open(ledger.file()).connect(false);
        ResultSet r =
            c.createStatement().executeQuery("SELECT price_source, price_kind FROM instances")) {
      r.next();
      assertThat(r.getString(1)).isEqualTo("stratus.yaml pricePerHour");
      assertThat(r.getString(2)).isEqualTo("CONFIGURED");
    }
  }

  @Test
  void aSharedNodesCostIsSplitAmongItsJobsAndItsIdleTime() {
    // $36/h = $0.01/s. Boot 0..10 for job 1; job 1 (team-a) 10..70 all GPUs; job 2 (team-b)
    // 70..100 all GPUs; idle 100..130, then the node is gone at 130.
    var node = List.of(sighting("i-1", "gpu-001", 0, 1L));
    pass(10, node, List.of());
    pass(40, node, List.of(running(1, "team-a", "gpu-001", 10)));
    pass(
        70,
        node,
        List.of(finished(1, "team-a", "gpu-001", 10, 70), running(2, "team-b", "gpu-001", 70)));
    pass(100, node, List.of(finished(2, "team-b", "gpu-001", 70, 100)));
    pass(130, List.of(), List.of());
    Map<String, BigDecimal> byAccount = new HashMap<>();
    List<Charge> charges = new ArrayList<>();
    ledger.extract(at(0), at(200)).charges(at(200), charges::add);
    charges.forEach(c -> byAccount.merge(c.key().account(), c.amount(), BigDecimal::add));
    byAccount.replaceAll((k, v) -> Money.cents(v));
    assertThat(byAccount)
        .containsEntry("team-a", new BigDecimal("0.70"))
        .containsEntry("team-b", new BigDecimal("0.30"))
        .containsEntry(CostKey.IDLE_OWNER, new BigDecimal("0.30"));
    assertThat(ledger.finishedJobsWithoutRecordedCost(10)).containsExactly(1L, 2L);
    ledger.costRecorded(1, "stratus: $0.70", at(140));
    assertThat(ledger.finishedJobsWithoutRecordedCost(10)).containsExactly(2L);
    List<Charge> job1 = new ArrayList<>();
    ledger
        .extractJob(1)
        .charges(
            at(200),
            c -> {
              if (c.key().jobId() == 1) {
                job1.add(c);
              }
            });
    assertThat(
            Money.cents(job1.stream().map(Charge::amount).reduce(BigDecimal.ZERO, BigDecimal::add)))
        .isEqualByComparingTo("0.70");
  }

  @Test
  void aRequeuedRunIsClosedWhenTheJobPendsAgainAndItsNextRunIsANewAllocation() {
    var node = List.of(sighting("i-1", "gpu-001", 0, null));
    pass(10, node, List.of(running(5, "team-a", "gpu-001", 5)));
    JobSighting pendingAgain =
        new JobSighting(
            new JobOwner(5, "alice", "team-a", "gpu"),
            "PENDING",
            List.of(),
            8,
            Optional.empty(),
            Optional.empty(),
            Optional.empty());
    pass(20, node, List.of(pendingAgain));
    pass(30, node, List.of(running(5, "team-a", "gpu-001", 25)));
    var allocations =
        ledger.extract(at(0), at(100)).allocations().stream()
            .sorted(Comparator.comparing(a -> a.start()))
            .toList();
    assertThat(allocations).hasSize(2);
    assertThat(allocations.get(0).end()).contains(at(20));
    assertThat(allocations.get(1).end()).isEmpty();
    assertThat(ledger.finishedJobsWithoutRecordedCost(10)).isEmpty();
  }

  @Test
  void theLedgerIsOneFileInWalModeThatSurvivesReopening() throws Exception {
    pass(10, List.of(sighting("i-1", "gpu-001", 0, null)), List.of());
    ledger.close();
    ledger = SqliteCostLedger.open(dir.resolve("state/ledger.db"));
    assertThat(only().instanceId()).isEqualTo("i-1");
    try (Connection c = LedgerDatabase.open(ledger.file()).connect(false);
        ResultSet r = c.createStatement().executeQuery("PRAGMA journal_mode")) {
      r.next();
      assertThat(r.getString(1)).isEqualTo("wal");
    }
    try (Connection c = LedgerDatabase.open(ledger.file()).connect(false);
        ResultSet r =
            c.createStatement()
                .executeQuery("SELECT version FROM flyway_schema_history WHERE success = 1")) {
      assertThat(r.next()).isTrue();
      assertThat(r.getString(1)).isEqualTo("1");
    }
  }

  @Test
  void aFailedPassLeavesNothingHalfWritten() {
    pass(10, List.of(sighting("i-1", "gpu-001", 0, null)), List.of());
    // A job sighting with a node name SQLite would refuse cannot exist; instead a negative GPU
    // count breaks the CHECK constraint halfway through the pass, after the instance upsert.
    JobSighting broken =
        new JobSighting(
            new JobOwner(9, "bob", "team-b", "gpu"),
            "RUNNING",
            List.of("gpu-001"),
            -1,
            Optional.of(at(15)),
            Optional.empty(),
            Optional.empty());
    Assertions.assertThatThrownBy(
            () -> pass(20, List.of(sighting("i-2", "gpu-002", 15, null)), List.of(broken)))
        .isInstanceOf(LedgerException.class)
        .hasMessageContaining("cannot reconcile the pass at " + at(20));
    assertThat(ledger.extract(at(-10), at(100)).instances())
        .extracting(InstanceSpan::instanceId)
        .containsExactly("i-1");
    assertThat(ledger.lastReconciled()).contains(at(10));
  }
}
