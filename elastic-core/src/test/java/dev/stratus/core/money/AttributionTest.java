package dev.stratus.core.money;

import static dev.stratus.core.money.Spans.alloc;
import static dev.stratus.core.money.Spans.at;
import static dev.stratus.core.money.Spans.instance;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.money.CostKey.Kind;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AttributionTest {
  static final BillingRule PER_SECOND = BillingRule.PER_SECOND;

  static Map<String, BigDecimal> byOwner(List<Charge> charges) {
    Map<String, BigDecimal> out = new HashMap<>();
    for (Charge c : charges) {
      String k = c.key().kind() + ":" + (c.key().idle() ? "idle" : c.key().jobId());
      out.merge(k, c.amount(), BigDecimal::add);
    }
    out.replaceAll((k, v) -> Money.cents(v));
    return out;
  }

  static BigDecimal sum(List<Charge> charges) {
    return charges.stream().map(Charge::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  @Test
  void aSharedNodeIsSplitByGpusAndTheFreeGpusAreIdle() {
    // 8 GPUs at $36/h = $0.01 per second; an hour long, no boot (a job from the first second).
    var node = instance("i-1", "gpu-001", 8, "36", 0, 3600L, null);
    var jobs =
        List.of(
            alloc(1, "gpu-001", 4, 0, 3600L), // half the node, all hour: $18
            alloc(2, "gpu-001", 2, 0, 1800L), // a quarter, half an hour: $4.50
            alloc(3, "gpu-001", 2, 1800, 3600L)); // a quarter, second half: $4.50
    List<Charge> charges = Attribution.of(node, jobs, Spans::owner, PER_SECOND, at(9999));
    assertThat(byOwner(charges))
        .containsEntry("RUN:1", new BigDecimal("18.00"))
        .containsEntry("RUN:2", new BigDecimal("4.50"))
        .containsEntry("RUN:3", new BigDecimal("4.50"))
        .containsEntry("IDLE:idle", new BigDecimal("9.00"));
    assertThat(Money.cents(sum(charges))).isEqualByComparingTo("36.00");
  }

  @Test
  void bootTimeIsTheAskingJobsAndTimeWithoutAJobIsIdle() {
    // $3.60/h = $0.001/s. Boot 100 s for job 7, job 7 runs 1000 s on all GPUs, then idle 500 s.
    var node = instance("i-2", "gpu-002", 8, "3.6", 0, 1600L, 7L);
    var jobs = List.of(alloc(7, "gpu-002", 8, 100, 1100L));
    List<Charge> charges = Attribution.of(node, jobs, Spans::owner, PER_SECOND, at(9999));
    assertThat(byOwner(charges))
        .containsEntry("BOOT:7", new BigDecimal("0.10"))
        .containsEntry("RUN:7", new BigDecimal("1.00"))
        .containsEntry("IDLE:idle", new BigDecimal("0.50"));
    Charge boot = charges.stream().filter(c -> c.key().kind() == Kind.BOOT).findFirst().get();
    assertThat(boot.key().account()).isEqualTo("team-b");
    assertThat(boot.from()).isEqualTo(at(0));
    assertThat(boot.to()).isEqualTo(at(100));
  }

  @Test
  void aNodeNobodyAskedForBootsAsIdleCost() {
    var node = instance("i-3", "gpu-003", 8, "3.6", 0, 200L, null);
    List<Charge> charges =
        Attribution.of(
            node, List.of(alloc(5, "gpu-003", 8, 50, 200L)), Spans::owner, PER_SECOND, at(999));
    assertThat(byOwner(charges))
        .containsEntry("IDLE:idle", new BigDecimal("0.05"))
        .containsEntry("RUN:5", new BigDecimal("0.15"));
  }

  @Test
  void theCloudsMinimumIsChargedToTheAskingJobAtTheEnd() {
    // 20 s on AWS bills 60 s: 40 s more at $3.60/h = $0.04, as a lump at the end.
    var node = instance("i-4", "gpu-004", 8, "3.6", 0, 20L, 9L);
    List<Charge> charges =
        Attribution.of(
            node,
            List.of(alloc(9, "gpu-004", 8, 0, 20L)),
            Spans::owner,
            BillingRule.forProvider("aws"),
            at(999));
    Charge lump = charges.stream().filter(c -> c.key().kind() == Kind.MINIMUM).findFirst().get();
    assertThat(Money.cents(lump.amount())).isEqualByComparingTo("0.04");
    assertThat(lump.from()).isEqualTo(at(20)).isEqualTo(lump.to());
    assertThat(Money.cents(sum(charges))).isEqualByComparingTo("0.06");
  }

  @Test
  void aRunningInstanceIsChargedUpToNowAndItsJobsToo() {
    var node = instance("i-5", "gpu-005", 8, "36", 0, null, null);
    List<Charge> charges =
        Attribution.of(
            node, List.of(alloc(4, "gpu-005", 8, 0, null)), Spans::owner, PER_SECOND, at(100));
    assertThat(byOwner(charges)).containsEntry("RUN:4", new BigDecimal("1.00")).hasSize(1);
  }

  @Test
  void aJobWithoutGpusPaysForOneAndOthersNodesAllocationsDoNotCount() {
    var node = instance("i-6", "gpu-006", 8, "28.8", 0, 1000L, null); // $0.008/s
    var jobs = List.of(alloc(1, "gpu-006", 0, 0, 1000L), alloc(2, "gpu-999", 8, 0, 1000L));
    assertThat(byOwner(Attribution.of(node, jobs, Spans::owner, PER_SECOND, at(2000))))
        .containsEntry("RUN:1", new BigDecimal("1.00"))
        .containsEntry("IDLE:idle", new BigDecimal("7.00"))
        .hasSize(2);
  }

  @Test
  void jobsHoldingMoreGpusThanTheNodeHasShareTheWholeNode() {
    var node = instance("i-7", "gpu-007", 4, "36", 0, 100L, null);
    var jobs = List.of(alloc(1, "gpu-007", 4, 0, 100L), alloc(2, "gpu-007", 4, 0, 100L));
    assertThat(byOwner(Attribution.of(node, jobs, Spans::owner, PER_SECOND, at(200))))
        .containsEntry("RUN:1", new BigDecimal("0.50"))
        .containsEntry("RUN:2", new BigDecimal("0.50"))
        .hasSize(2);
  }

  @Test
  void anUnknownJobIsChargedAsUnknownNotDropped() {
    var node = instance("i-8", "gpu-008", 8, "36", 0, 100L, 77L);
    List<Charge> charges = Attribution.of(node, List.of(), JobOwner::unknown, PER_SECOND, at(200));
    assertThat(charges)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.key().kind()).isEqualTo(Kind.BOOT);
              assertThat(c.key().account()).isEqualTo(JobOwner.UNKNOWN);
              assertThat(c.key().partition()).isEqualTo("gpu");
            });
  }

  /** Whatever the jobs do, every billed millisecond goes to exactly one owner. */
  @Test
  void theChargesOfAnyInstanceAddUpToItsBilledCost() {
    Random random = new Random(11);
    for (int round = 0; round < 300; round++) {
      long life = 1 + random.nextInt(20_000);
      int gpus = 1 + random.nextInt(8);
      String price = (1 + random.nextInt(9999)) / 100.0 + "";
      boolean ended = random.nextBoolean();
      var node =
          instance("i", "n", gpus, price, 0, ended ? life : null, random.nextBoolean() ? 1L : null);
      List<AllocationSpan> jobs = new ArrayList<>();
      for (int j = 0; j < random.nextInt(12); j++) {
        long s = random.nextInt((int) life + 500) - 200;
        long e = s + random.nextInt(5000);
        jobs.add(
            alloc(
                j + 1,
                random.nextInt(10) == 0 ? "other" : "n",
                random.nextInt(gpus + 2),
                Math.max(s, -100),
                random.nextInt(8) == 0 ? null : e));
      }
      BillingRule rule = random.nextBoolean() ? BillingRule.forProvider("aws") : PER_SECOND;
      BigDecimal expected =
          ended
              ? rule.cost(new BigDecimal(price), Duration.ofSeconds(life))
              : Money.forMillis(new BigDecimal(price), Duration.ofSeconds(life).toMillis());
      List<Charge> charges = Attribution.of(node, jobs, Spans::owner, rule, at(life));
      assertThat(sum(charges).subtract(expected).abs())
          .as("round %d", round)
          .isLessThan(new BigDecimal("0.000001"));
      assertThat(charges).allSatisfy(c -> assertThat(c.amount().signum()).isNotNegative());
    }
  }
}
