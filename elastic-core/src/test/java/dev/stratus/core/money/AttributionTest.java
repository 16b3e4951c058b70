package dev.stratus.core.money;

import static dev.stratus.core.money.Spans.alloc;
import static dev.stratus.core.money.Spans.at;
import static dev.stratus.core.money.Spans.faulted;
import static dev.stratus.core.money.Spans.idle;
import static dev.stratus.core.money.Spans.instance;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.money.CostKey.Kind;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AttributionTest {
  static final BillingRule PER_SECOND = BillingRule.PER_SECOND;

  static Map<String, BigDecimal> byOwner(List<Charge> charges) {
    Map<String, BigDecimal> out = new HashMap<>();
    for (Charge c : charges) {
      String k =
          c.key().kind()
              + ":"
              + (c.key().idle() ? "idle" : c.key().faulty() ? "faulty" : c.key().jobId());
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

  @Test
  void aFaultMakesTheRestOfTheNodeAndTheLostWorkFaulty() {
    // 8 GPUs at $36/h = $0.01/s, an hour. Job 1 (4 GPUs) all hour, last checkpoint at 1000 s;
    // job 2 (4 GPUs) until 1500 s. The node faults at 2000 s and is terminated at 3600 s.
    var node =
        faulted(instance("i-f", "gpu-f", 8, "36", 0, 3600L, null), 2000, false, Map.of(1L, 1000L));
    var jobs = List.of(alloc(1, "gpu-f", 4, 0, 3600L), alloc(2, "gpu-f", 4, 0, 1500L));
    List<Charge> charges = Attribution.of(node, jobs, Spans::owner, PER_SECOND, at(9999));
    assertThat(byOwner(charges))
        .containsEntry("RUN:1", new BigDecimal("5.00")) // 0..1000, half the node
        .containsEntry(
            "RUN:2", new BigDecimal("7.50")) // 0..1500, untouched: not on it at the fault
        .containsEntry("IDLE:idle", new BigDecimal("2.50")) // 1500..2000, job 2's half
        .containsEntry("FAULTY:faulty", new BigDecimal("21.00")) // 1000..2000 lost, 2000..3600 all
        .hasSize(4);
    assertThat(Money.cents(sum(charges))).isEqualByComparingTo("36.00");
    Charge faulty = charges.stream().filter(c -> c.key().faulty()).findFirst().get();
    assertThat(faulty.key().account()).isEqualTo(CostKey.FAULTY_OWNER);
    assertThat(faulty.key().user()).isEqualTo(CostKey.FAULTY_OWNER);
    assertThat(faulty.key().jobId()).isZero();
    assertThat(faulty.key().pool()).isEqualTo("gpu");
    assertThat(faulty.key().owned()).isFalse();
  }

  @Test
  void anAdmissionFaultMakesTheWholeLifeFaultyBootAndMinimumToo() {
    // Asked for by job 7, failed its admission check at 20 s, gone at 30 s; AWS bills 60 s.
    var node = faulted(instance("i-a", "gpu-a", 8, "3.6", 0, 30L, 7L), 20, true, Map.of());
    List<Charge> charges =
        Attribution.of(node, List.of(), Spans::owner, BillingRule.forProvider("aws"), at(999));
    assertThat(byOwner(charges)).containsOnlyKeys("FAULTY:faulty");
    assertThat(Money.cents(sum(charges))).isEqualByComparingTo("0.06");
  }

  @Test
  void aFaultWhileBootingLeavesTheBootBeforeItToTheAskingJob() {
    var node = faulted(instance("i-b", "gpu-b", 8, "3.6", 0, 200L, 7L), 50, false, Map.of());
    var jobs = List.of(alloc(7, "gpu-b", 8, 100, 200L));
    assertThat(byOwner(Attribution.of(node, jobs, Spans::owner, PER_SECOND, at(999))))
        .containsEntry("BOOT:7", new BigDecimal("0.05"))
        .containsEntry("FAULTY:faulty", new BigDecimal("0.15"))
        .hasSize(2);
  }

  @Test
  void idleGpusOfAJobAreItsWasteOnlyWhileItHoldsThem() {
    // 8 GPUs at $0.01/s. Job 1 holds 4 GPUs 0..3600; 6 idle (more than it holds: 4 count)
    // 1000..2000, 2 idle 2000..2500; a span of another node and one after its end count nothing.
    var node = instance("i-w", "gpu-w", 8, "36", 0, 3600L, null);
    var jobs = List.of(alloc(1, "gpu-w", 4, 0, 3000L));
    var spans =
        List.of(
            idle(1, "gpu-w", 1000, 2000, 6),
            idle(1, "gpu-w", 2000, 2500, 2),
            idle(1, "gpu-x", 0, 3600, 4),
            idle(1, "gpu-w", 3000, 3600, 4));
    List<Charge> charges = Attribution.of(node, jobs, spans, Spans::owner, PER_SECOND, at(9999));
    assertThat(byOwner(charges))
        .containsEntry("WASTE:1", new BigDecimal("6.25")) // 4/8 × 1000 s + 2/8 × 500 s
        .containsEntry("RUN:1", new BigDecimal("8.75")) // 4/8 × 1500 s + 2/8 × 500 s
        .containsEntry("IDLE:idle", new BigDecimal("21.00"))
        .hasSize(3);
    Charge waste = charges.stream().filter(c -> c.key().waste()).findFirst().get();
    assertThat(waste.key().account()).isEqualTo("team-b");
    assertThat(waste.key().owned()).isTrue();
  }

  @Test
  void lostWorkComesBeforeWaste() {
    var node =
        faulted(instance("i-lw", "gpu-lw", 8, "36", 0, 1000L, null), 800, false, Map.of(1L, 400L));
    var jobs = List.of(alloc(1, "gpu-lw", 8, 0, 1000L));
    var spans = List.of(idle(1, "gpu-lw", 200, 1000, 8));
    assertThat(byOwner(Attribution.of(node, jobs, spans, Spans::owner, PER_SECOND, at(9999))))
        .containsEntry("RUN:1", new BigDecimal("2.00"))
        .containsEntry("WASTE:1", new BigDecimal("2.00"))
        .containsEntry("FAULTY:faulty", new BigDecimal("6.00"))
        .hasSize(3);
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
      List<IdleSpan> spans = new ArrayList<>();
      for (int k = 0; k < random.nextInt(6); k++) {
        long s = random.nextInt((int) life + 500) - 200;
        spans.add(
            idle(1 + random.nextInt(12), "n", s, s + random.nextInt(3000), 1 + random.nextInt(9)));
      }
      if (random.nextInt(3) == 0) {
        long faultAt = random.nextInt((int) life + 1);
        boolean admission = random.nextInt(4) == 0;
        Map<Long, Long> lost = new HashMap<>();
        for (int j = 1; !admission && j <= jobs.size(); j++) {
          if (random.nextBoolean()) {
            lost.put((long) j, (long) random.nextInt((int) faultAt + 1));
          }
        }
        node = faulted(node, faultAt, admission, lost);
      }
      BillingRule rule = random.nextBoolean() ? BillingRule.forProvider("aws") : PER_SECOND;
      BigDecimal expected =
          ended
              ? rule.cost(new BigDecimal(price), Duration.ofSeconds(life))
              : Money.forMillis(new BigDecimal(price), Duration.ofSeconds(life).toMillis());
      List<Charge> charges = Attribution.of(node, jobs, spans, Spans::owner, rule, at(life));
      assertThat(sum(charges).subtract(expected).abs())
          .as("round %d", round)
          .isLessThan(new BigDecimal("0.000001"));
      assertThat(charges).allSatisfy(c -> assertThat(c.amount().signum()).isNotNegative());
      Optional<Instant> faulty = node.faultyFrom();
      if (faulty.isPresent()) {
        // After the fault, nobody but (faulty) is charged.
        assertThat(charges)
            .filteredOn(c -> c.to().isAfter(faulty.get()) || c.from().isAfter(faulty.get()))
            .as("round %d", round)
            .allSatisfy(c -> assertThat(c.key().kind()).isEqualTo(Kind.FAULTY));
      } else {
        assertThat(charges).noneMatch(c -> c.key().faulty());
      }
    }
  }

  /** Waste moves a job's dollars from run to waste, never to or from anyone else. */
  @Test
  void idleSpansChangeNoOwnersTotal() {
    Random random = new Random(5);
    for (int round = 0; round < 200; round++) {
      long life = 100 + random.nextInt(10_000);
      var node = instance("i", "n", 8, "36", 0, life, null);
      List<AllocationSpan> jobs = new ArrayList<>();
      List<IdleSpan> spans = new ArrayList<>();
      for (int j = 1; j <= 1 + random.nextInt(4); j++) {
        long s = random.nextInt((int) life);
        jobs.add(alloc(j, "n", 1 + random.nextInt(4), s, s + random.nextInt(5000)));
        long idleFrom = s + random.nextInt(500);
        spans.add(idle(j, "n", idleFrom, idleFrom + random.nextInt(6000), 1 + random.nextInt(8)));
      }
      Map<Long, BigDecimal> without =
          perJob(Attribution.of(node, jobs, Spans::owner, PER_SECOND, at(life)));
      Map<Long, BigDecimal> with =
          perJob(Attribution.of(node, jobs, spans, Spans::owner, PER_SECOND, at(life)));
      assertThat(with.keySet()).isEqualTo(without.keySet());
      for (Map.Entry<Long, BigDecimal> e : with.entrySet()) {
        assertThat(e.getValue().subtract(without.get(e.getKey())).abs())
            .as("round %d job %d", round, e.getKey())
            .isLessThan(new BigDecimal("0.000001"));
      }
    }
  }

  private static Map<Long, BigDecimal> perJob(List<Charge> charges) {
    Map<Long, BigDecimal> out = new HashMap<>();
    charges.forEach(c -> out.merge(c.key().jobId(), c.amount(), BigDecimal::add));
    return out;
  }
}
