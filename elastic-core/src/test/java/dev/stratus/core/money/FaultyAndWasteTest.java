package dev.stratus.core.money;

import static dev.stratus.core.money.Budgets.hard;
import static dev.stratus.core.money.Spans.alloc;
import static dev.stratus.core.money.Spans.at;
import static dev.stratus.core.money.Spans.faulted;
import static dev.stratus.core.money.Spans.idle;
import static dev.stratus.core.money.Spans.instance;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityType;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Faulty time is the offering's, not the account's; waste is the account's, reported apart. */
class FaultyAndWasteTest {
  static final String OFFERING = "aws/us-east-1/us-east-1a/p5.48xlarge/spot";

  /**
   * 8 GPUs at $36/h ($0.01/s) for an hour; job 1 (user1, team-b) holds all of them all hour, 4 of
   * them idle for its first 500 s; its last checkpoint was at 1000 s and the node faults at 2000 s.
   * So: run $7.50, waste $2.50, faulty $26.00 (1000..2000 lost work, 2000..3600 the fault).
   */
  static LedgerExtract faultedNode() {
    InstanceSpan plain = instance("i-1", "gpu-001", 8, "36", 0, 3600L, null);
    InstanceSpan withOffering =
        new InstanceSpan(
            plain.instanceId(),
            plain.provider(),
            plain.pool(),
            plain.partition(),
            plain.node(),
            plain.capacityType(),
            plain.gpus(),
            plain.pricePerHour(),
            plain.launched(),
            plain.ended(),
            OptionalLong.empty(),
            OFFERING,
            Optional.empty());
    return new LedgerExtract(
        List.of(faulted(withOffering, 2000, false, Map.of(1L, 1000L))),
        List.of(alloc(1, "gpu-001", 8, 0, 3600L)),
        Map.of(1L, Spans.owner(1)),
        Map.of(),
        List.of(idle(1, "gpu-001", 0, 500, 4)));
  }

  @Test
  void budgetsOfAnAccountOrAUserCountItsWasteButNeverFaultyTime() {
    List<Budget> budgets =
        List.of(
            hard("team-b", BudgetScope.account("team-b"), "1000"),
            hard("user1", new BudgetScope(BudgetScope.Kind.USER, "user1"), "1000"),
            hard("faulty", BudgetScope.account(CostKey.FAULTY_OWNER), "1000"),
            hard("pool", new BudgetScope(BudgetScope.Kind.POOL, "gpu"), "1000"),
            hard("cluster", BudgetScope.CLUSTER, "1000"));
    Instant now = at(4000);

    BudgetFigures figures = BudgetFigures.from(budgets, faultedNode(), now, c -> {});

    assertThat(cents(figures.spent().get("team-b"))).isEqualByComparingTo("10.00");
    assertThat(cents(figures.spent().get("user1"))).isEqualByComparingTo("10.00");
    assertThat(figures.spent()).doesNotContainKey("faulty");
    assertThat(cents(figures.spent().get("pool"))).isEqualByComparingTo("36.00");
    assertThat(cents(figures.spent().get("cluster"))).isEqualByComparingTo("36.00");
    BudgetFigures book = new SpendBook(budgets).figures((from, to) -> faultedNode(), now, c -> {});
    assertThat(cents(book.spent().get("team-b"))).isEqualByComparingTo("10.00");
    assertThat(book.spent()).doesNotContainKey("faulty");
  }

  @Test
  void aFaultyChargeIsCoveredByNoAccountOrUserScopeEvenOneNamedLikeIt() {
    CostKey faulty =
        new CostKey(
            CostKey.Kind.FAULTY,
            0,
            CostKey.FAULTY_OWNER,
            CostKey.FAULTY_OWNER,
            "gpu",
            "gpu",
            "aws",
            CapacityType.SPOT,
            OFFERING);
    assertThat(BudgetScope.account(CostKey.FAULTY_OWNER).covers(faulty)).isFalse();
    assertThat(new BudgetScope(BudgetScope.Kind.USER, CostKey.FAULTY_OWNER).covers(faulty))
        .isFalse();
    assertThat(new BudgetScope(BudgetScope.Kind.PARTITION, "gpu").covers(faulty)).isTrue();
  }

  @Test
  void reportsShowFaultyAndWastePerRowAndInTotal() {
    List<Charge> charges = new ArrayList<>();
    faultedNode().charges(at(4000), charges::add);

    CostReport byOffering = report(ReportKey.OFFERING, charges);
    assertThat(byOffering.rows())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.key()).isEqualTo(OFFERING);
              assertThat(cents(r.amount())).isEqualByComparingTo("36.00");
              assertThat(cents(r.faulty())).isEqualByComparingTo("26.00");
              assertThat(cents(r.waste())).isEqualByComparingTo("2.50");
            });
    CostReport byJob = report(ReportKey.JOB, charges);
    assertThat(byJob.rows()).extracting(CostReport.Row::key).containsExactly("(faulty)", "1");
    CostReport.Row job = byJob.rows().get(1);
    assertThat(cents(job.amount())).isEqualByComparingTo("10.00");
    assertThat(cents(job.waste())).isEqualByComparingTo("2.50");
    assertThat(job.faulty()).isZero();
    CostReport byAccount = report(ReportKey.ACCOUNT, charges);
    assertThat(cents(byAccount.faultyTotal())).isEqualByComparingTo("26.00");
    assertThat(cents(byAccount.wasteTotal())).isEqualByComparingTo("2.50");
    assertThat(ReportKey.parse("offering")).isEqualTo(ReportKey.OFFERING);
  }

  @Test
  void aFaultRecordNamesTheFieldItRefuses() {
    assertThatThrownBy(() -> fault("", Map.of(), false)).hasMessageContaining("instanceId");
    assertThatThrownBy(() -> fault("i-1", Map.of(1L, at(5000)), false))
        .hasMessageContaining("lostWorkFrom of job 1");
    assertThatThrownBy(() -> fault("i-1", Map.of(1L, at(10)), true))
        .hasMessageContaining("lostWorkFrom must be empty");
    assertThatThrownBy(() -> new IdleSpan(1, "gpu-001", at(10), at(5), 1))
        .hasMessageContaining("to");
    assertThatThrownBy(() -> new IdleSpan(1, "gpu-001", at(0), at(5), 0))
        .hasMessageContaining("idleGpus");
    assertThat(fault("i-1", Map.of(), true).faultyFrom()).isEqualTo(at(0));
  }

  @Test
  void offeringFaultsAddUpTheFailureRate() {
    OfferingFaults f = new OfferingFaults(OFFERING, 10, 1, 2);
    assertThat(f.faulted()).isEqualTo(3);
    assertThat(f.failureRate()).isEqualTo(0.3);
    assertThat(new OfferingFaults(OFFERING, 0, 0, 0).failureRate()).isZero();
  }

  static FaultRecord fault(String id, Map<Long, Instant> lost, boolean admission) {
    return new FaultRecord(
        id,
        "aws",
        OFFERING,
        "gpu",
        "gpu",
        "gpu-001",
        CapacityType.SPOT,
        8,
        new BigDecimal("36"),
        at(0),
        at(2000),
        "xid 79: GPU has fallen off the bus",
        lost,
        admission);
  }

  static CostReport report(ReportKey by, List<Charge> charges) {
    CostReport r = new CostReport(by, at(0), at(3600), Duration.ofHours(1));
    charges.forEach(r);
    return r;
  }

  static BigDecimal cents(BigDecimal v) {
    return Money.cents(v);
  }
}
