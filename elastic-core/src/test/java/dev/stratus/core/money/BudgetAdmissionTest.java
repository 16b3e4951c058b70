package dev.stratus.core.money;

import static dev.stratus.core.money.Budgets.hard;
import static dev.stratus.core.money.Budgets.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BudgetAdmissionTest {
  static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");
  static final BudgetScope TEAM_A = BudgetScope.account("team-a");

  static List<Admission> decide(
      List<Budget> budgets,
      Map<String, BigDecimal> spent,
      Map<String, BigDecimal> reserved,
      List<AdmissionRequest> requests) {
    return BudgetAdmission.decide(budgets, spent, reserved, requests, NOW);
  }

  @Test
  void aJobThatWouldOverrunIsHeldWithTheSumsInItsReason() {
    // 1 node × $96/h × 1 h = $96 on top of $812.40 + $150 > $1,000.
    List<Admission> out =
        decide(
            List.of(hard("team-a", TEAM_A, "1000")),
            Map.of("team-a", new BigDecimal("812.40")),
            Map.of("team-a", new BigDecimal("150")),
            List.of(request(42, "team-a", 1, "96", 1.0)));
    assertThat(out)
        .singleElement()
        .isEqualTo(
            new Admission.Hold(
                42,
                "team-a",
                "stratus: budget team-a month: spent $812.40 + reserved $150.00 + this job $96.00"
                    + " > $1,000.00"));
  }

  @Test
  void aJobThatFitsIsAdmittedWithItsForecast() {
    List<Admission> out =
        decide(
            List.of(hard("team-a", TEAM_A, "1000")),
            Map.of("team-a", new BigDecimal("700")),
            Map.of(),
            List.of(request(1, "team-a", 2, "98.32", 1.5)));
    assertThat(out)
        .singleElement()
        .isInstanceOfSatisfying(
            Admission.Admit.class, a -> assertThat(a.forecast()).isEqualByComparingTo("294.96"));
  }

  @Test
  void aJobWithoutATimeLimitCannotPassAHardBudgetAndIsToldToSetTime() {
    List<Admission> out =
        decide(
            List.of(hard("team-a", TEAM_A, "1000")),
            Map.of(),
            Map.of(),
            List.of(request(5, "team-a", 1, "1", null)));
    assertThat(out)
        .singleElement()
        .isInstanceOfSatisfying(
            Admission.Hold.class,
            h ->
                assertThat(h.reason())
                    .startsWith("stratus: budget team-a month: ")
                    .contains("--time"));
  }

  @Test
  void aJobNoHardBudgetCoversRunsEvenWithoutATimeLimit() {
    List<Admission> out =
        decide(
            List.of(hard("team-a", TEAM_A, "1")),
            Map.of(),
            Map.of(),
            List.of(request(6, "team-b", 1, "100", null)));
    assertThat(out).singleElement().isInstanceOf(Admission.Admit.class);
  }

  @Test
  void twoJobsRacingForTheLastDollarsAreNotBothAdmitted() {
    // $100 left; each wants $60: the first in order gets it, the second is held.
    List<Admission> out =
        decide(
            List.of(hard("team-a", TEAM_A, "1000")),
            Map.of("team-a", new BigDecimal("900")),
            Map.of(),
            List.of(request(1, "team-a", 1, "60", 1.0), request(2, "team-a", 1, "60", 1.0)));
    assertThat(out.get(0)).isInstanceOf(Admission.Admit.class);
    assertThat(out.get(1))
        .isInstanceOfSatisfying(
            Admission.Hold.class,
            h -> assertThat(h.reason()).contains("reserved $60.00 + this job $60.00"));
  }

  @Test
  void aHeldJobIsAdmittedOnceTheBudgetIsRaised() {
    var request = List.of(request(3, "team-a", 1, "96", 1.0));
    var spent = Map.of("team-a", new BigDecimal("950"));
    assertThat(decide(List.of(hard("team-a", TEAM_A, "1000")), spent, Map.of(), request))
        .singleElement()
        .isInstanceOf(Admission.Hold.class);
    assertThat(decide(List.of(hard("team-a", TEAM_A, "1100")), spent, Map.of(), request))
        .singleElement()
        .isInstanceOf(Admission.Admit.class);
  }

  @Test
  void aHeldJobIsAdmittedWhenOthersFinishUnderTheirForecast() {
    Budget b = hard("team-a", TEAM_A, "1000");
    var running =
        new Reservations.RunningJob(
            new JobOwner(9, "u", "team-a", "gpu"), "gpu", new BigDecimal("500"));
    var request = List.of(request(3, "team-a", 1, "96", 1.0));
    // Job 9 has cost $100 of its $500 forecast (in the $600 spent): it still reserves $400, so
    // $600 + $400 + $96 > $1,000.
    Map<String, BigDecimal> reserved =
        Reservations.perBudget(
            List.of(b), List.of(running), Map.of(9L, new BigDecimal("100")), NOW);
    assertThat(reserved).containsEntry("team-a", new BigDecimal("400"));
    assertThat(decide(List.of(b), Map.of("team-a", new BigDecimal("600")), reserved, request))
        .singleElement()
        .isInstanceOf(Admission.Hold.class);
    // It ends having cost $150: its reservation is gone, the $150 is spent: $650 + $96 fits.
    assertThat(
            decide(
                List.of(b),
                Map.of("team-a", new BigDecimal("650")),
                Reservations.perBudget(List.of(b), List.of(), Map.of(), NOW),
                request))
        .singleElement()
        .isInstanceOf(Admission.Admit.class);
  }

  @Test
  void aJobCancelledWhileHeldReservesNothingForTheOthers() {
    Budget b = hard("team-a", TEAM_A, "100");
    List<AdmissionRequest> both =
        List.of(request(1, "team-a", 1, "80", 1.0), request(2, "team-a", 1, "80", 1.0));
    assertThat(decide(List.of(b), Map.of(), Map.of(), both).get(1))
        .isInstanceOf(Admission.Hold.class);
    // Job 1 is cancelled while the second is held: the next pass sees only job 2.
    assertThat(decide(List.of(b), Map.of(), Map.of(), both.subList(1, 2)))
        .singleElement()
        .isInstanceOf(Admission.Admit.class);
  }

  @Test
  void aNewPeriodStartsFromNothingSpent() {
    Budget monthly = hard("team-a", TEAM_A, "100");
    Instant lastDay = Instant.parse("2026-11-30T23:00:00Z");
    Instant nextMonth = Instant.parse("2026-12-01T00:00:01Z");
    Charge yesterday =
        new Charge(
            new CostKey(CostKey.Kind.RUN, 1, "u", "team-a", "gpu", "gpu", "aws", CapacityType.SPOT),
            Instant.parse("2026-11-30T10:00:00Z"),
            Instant.parse("2026-11-30T20:00:00Z"),
            new BigDecimal("95"));
    BudgetSpend before = new BudgetSpend(List.of(monthly), lastDay);
    before.accept(yesterday);
    BudgetSpend after = new BudgetSpend(List.of(monthly), nextMonth);
    after.accept(yesterday);
    var request = List.of(request(2, "team-a", 1, "10", 1.0));
    assertThat(BudgetAdmission.decide(List.of(monthly), before.spent(), Map.of(), request, lastDay))
        .singleElement()
        .isInstanceOf(Admission.Hold.class);
    assertThat(
            BudgetAdmission.decide(List.of(monthly), after.spent(), Map.of(), request, nextMonth))
        .singleElement()
        .isInstanceOf(Admission.Admit.class);
  }

  @Test
  void aFixedWindowBudgetAppliesOnlyInsideItsWindow() {
    Budget fixed =
        new Budget(
            "grant",
            TEAM_A,
            new BudgetPeriod.Fixed(
                new BudgetPeriod.Window(
                    Instant.parse("2026-12-01T00:00:00Z"), Instant.parse("2027-01-01T00:00:00Z"))),
            BigDecimal.ONE,
            Budget.Mode.HARD,
            false,
            List.of(),
            Optional.empty());
    assertThat(
            decide(List.of(fixed), Map.of(), Map.of(), List.of(request(1, "team-a", 1, "50", 1.0))))
        .singleElement()
        .isInstanceOf(Admission.Admit.class);
  }

  @Test
  void aSpentSoftSpotOnlyBudgetLeavesOnlySpotCandidates() {
    Budget soft = Budgets.softSpotOnly("frugal", TEAM_A, "100");
    var req = request(1, "team-a", 1, "10", 1.0, Budgets.ON_DEMAND, Budgets.SPOT);
    assertThat(
            decide(List.of(soft), Map.of("frugal", new BigDecimal("100")), Map.of(), List.of(req)))
        .singleElement()
        .isInstanceOfSatisfying(
            Admission.Admit.class,
            a ->
                assertThat(a.candidates())
                    .extracting(AdmissionRequest.Candidate::offering)
                    .containsExactly(Budgets.SPOT));
    assertThat(
            decide(
                List.of(soft),
                Map.of("frugal", new BigDecimal("100")),
                Map.of(),
                List.of(request(2, "team-a", 1, "10", 1.0, Budgets.ON_DEMAND))))
        .singleElement()
        .isInstanceOfSatisfying(
            Admission.Hold.class, h -> assertThat(h.reason()).contains("only spot capacity"));
    assertThat(
            decide(List.of(soft), Map.of("frugal", new BigDecimal("99")), Map.of(), List.of(req)))
        .singleElement()
        .isInstanceOfSatisfying(Admission.Admit.class, a -> assertThat(a.candidates()).hasSize(2));
  }

  @Test
  void everyHardBudgetThatCoversAJobMustAllowIt() {
    Budget account = hard("team-a", TEAM_A, "1000");
    Budget cluster = hard("all", BudgetScope.CLUSTER, "100");
    assertThat(
            decide(
                List.of(account, cluster),
                Map.of(),
                Map.of(),
                List.of(request(1, "team-a", 1, "150", 1.0))))
        .singleElement()
        .isInstanceOfSatisfying(Admission.Hold.class, h -> assertThat(h.budget()).isEqualTo("all"));
  }

  /**
   * Whatever the requests, budgets and their order, what one pass admits never takes a hard budget
   * over its amount (spent + reserved + every admitted forecast it covers).
   */
  @Test
  void noPassEverAdmitsMoreThanAHardBudgetHasLeft() {
    Random random = new Random(2026);
    String[] accounts = {"a", "b", "c"};
    for (int round = 0; round < 500; round++) {
      List<Budget> budgets = new ArrayList<>();
      Map<String, BigDecimal> spent = new HashMap<>();
      Map<String, BigDecimal> reserved = new HashMap<>();
      for (String a : accounts) {
        if (random.nextBoolean()) {
          budgets.add(hard(a, BudgetScope.account(a), "" + (50 + random.nextInt(500))));
          spent.put(a, BigDecimal.valueOf(random.nextInt(200)));
          reserved.put(a, BigDecimal.valueOf(random.nextInt(100)));
        }
      }
      if (random.nextBoolean()) {
        budgets.add(hard("all", BudgetScope.CLUSTER, "" + (100 + random.nextInt(900))));
      }
      List<AdmissionRequest> requests = new ArrayList<>();
      for (int j = 0; j < 1 + random.nextInt(30); j++) {
        requests.add(
            request(
                j + 1,
                accounts[random.nextInt(3)],
                1 + random.nextInt(4),
                "" + (1 + random.nextInt(100)),
                random.nextInt(10) == 0 ? null : 0.25 + random.nextInt(8)));
      }
      List<Admission> out = decide(budgets, spent, reserved, requests);
      for (Budget b : budgets) {
        BigDecimal committed =
            spent
                .getOrDefault(b.name(), BigDecimal.ZERO)
                .add(reserved.getOrDefault(b.name(), BigDecimal.ZERO));
        BigDecimal admitted = BigDecimal.ZERO;
        for (int i = 0; i < requests.size(); i++) {
          if (out.get(i) instanceof Admission.Admit a
              && b.scope().covers(requests.get(i).owner(), "gpu")) {
            admitted = admitted.add(a.forecast());
          }
        }
        if (admitted.signum() > 0) {
          assertThat(committed.add(admitted))
              .as("round %d budget %s", round, b.name())
              .isLessThanOrEqualTo(b.amount());
        }
      }
    }
  }
}
