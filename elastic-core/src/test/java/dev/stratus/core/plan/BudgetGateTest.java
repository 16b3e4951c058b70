package dev.stratus.core.plan;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetFigures;
import dev.stratus.core.money.BudgetPeriod;
import dev.stratus.core.money.BudgetScope;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Snapshots;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Dollar admission in the plan: one node of pool gpu costs $10/h on demand ($3/h spot), each job
 * asks one node for an hour, and account team-a has a hard budget of $25 a month, $6 spent.
 */
class BudgetGateTest {
  static final Offering SPOT = offering("aws", "us-east-1a", CapacityType.SPOT, "3");
  static final Offering ON_DEMAND = offering("aws", "us-east-1a", CapacityType.ON_DEMAND, "10");
  static final Budget TEAM_A = budget(Budget.Mode.HARD, false);

  final Snapshots s = new Snapshots();

  BudgetGateTest() {
    s.pools.add(pool("gpu", 4, ON_DEMAND));
    s.budgets = figures(List.of(TEAM_A), "6", Set.of());
  }

  static Budget budget(Budget.Mode mode, boolean spotOnly) {
    return new Budget(
        "team-a",
        BudgetScope.account("team-a"),
        new BudgetPeriod.Month(ZoneOffset.UTC),
        new BigDecimal("25"),
        mode,
        spotOnly,
        List.of(),
        Optional.empty());
  }

  static BudgetFigures figures(List<Budget> budgets, String spent, Set<Long> reservedJobs) {
    return new BudgetFigures(
        budgets, Map.of("team-a", new BigDecimal(spent)), Map.of(), reservedJobs);
  }

  /** Job {@code id} of team-a in {@code state}, one node, an hour's limit unless {@code limit}. */
  static SlurmJob job(
      long id,
      String state,
      String reason,
      String nodes,
      String comment,
      Optional<Duration> limit) {
    return new SlurmJob(
        id,
        "train",
        state,
        reason,
        "gpu",
        nodes,
        1,
        "gpu:h100:8",
        0,
        true,
        Optional.empty(),
        new SlurmJob.Accounting("alice", "team-a", limit, Optional.empty(), comment),
        "");
  }

  /** Slurm allocated {@code node} to job {@code id} and asked for it to be resumed. */
  void resumed(long id, String node, Optional<Duration> limit) {
    s.nodes.add(
        new SlurmNode(node, "mixed", Set.of("CLOUD", "POWERING_UP"), "", "", "", List.of("gpu")));
    s.jobs.add(job(id, "CONFIGURING", "None", node, "", limit));
    s.requests.add(
        new SpoolRequest(
            "r" + id,
            HookKind.RESUME,
            List.of(node),
            List.of(new ResumeFile.JobNodes(id, node)),
            s.now));
  }

  static final Optional<Duration> HOUR = Optional.of(Duration.ofHours(1));

  @Test
  void aJobWithinItsBudgetLaunchesAsPlanned() {
    resumed(7, "gpu-001", HOUR);

    List<Action> actions = Planner.plan(s.build());

    assertThat(actions).filteredOn(Action.Launch.class::isInstance).hasSize(1);
    assertThat(actions).noneMatch(Action.HoldJob.class::isInstance);
  }

  @Test
  void ofTwoJobsRacingForTheLastDollarsTheFirstLaunchesAndTheSecondIsHeldWithTheSums() {
    resumed(7, "gpu-001", HOUR);
    resumed(8, "gpu-002", HOUR);

    List<Action> actions = Planner.plan(s.build());

    assertThat(actions)
        .filteredOn(Action.Launch.class::isInstance)
        .extracting(a -> ((Action.Launch) a).jobId())
        .containsExactly(7L);
    String reason =
        "stratus: budget team-a month: spent $6.00 + reserved $10.00 + this job $10.00 > $25.00";
    assertThat(actions)
        .containsSubsequence(
            new Action.HoldJob(8, true, "team-a", reason),
            new Action.ForcePowerDown(
                List.of("gpu-002"), Reasons.of("job 8 held for budget team-a")),
            new Action.Ack("r8", "resume acted on"));
  }

  @Test
  void aJobWithoutATimeLimitIsHeldAndToldToSetOne() {
    resumed(7, "gpu-001", Optional.empty());

    List<Action> actions = Planner.plan(s.build());

    assertThat(actions).noneMatch(Action.Launch.class::isInstance);
    assertThat(actions)
        .filteredOn(Action.HoldJob.class::isInstance)
        .singleElement()
        .satisfies(h -> assertThat(h.reason()).contains("set one with --time"));
  }

  @Test
  void aJobAllocatedByAnEarlierPassWhoseInstanceTheLedgerHasNotSeenStillReservesItsForecast() {
    s.jobs.add(job(5, "CONFIGURING", "None", "gpu-003", "", HOUR));
    resumed(7, "gpu-001", HOUR);

    List<Action> actions = Planner.plan(s.build());

    assertThat(actions).noneMatch(Action.Launch.class::isInstance);
    assertThat(actions)
        .filteredOn(Action.HoldJob.class::isInstance)
        .singleElement()
        .satisfies(h -> assertThat(h.reason()).contains("reserved $10.00 + this job $10.00"));
  }

  @Test
  void aJobTheLedgerAlreadyReservesForIsNotCountedTwice() {
    s.jobs.add(job(5, "RUNNING", "None", "gpu-003", "", HOUR));
    s.budgets = figures(List.of(TEAM_A), "6", Set.of(5L));
    resumed(7, "gpu-001", HOUR);

    assertThat(Planner.plan(s.build())).anyMatch(Action.Launch.class::isInstance);
  }

  @Test
  void aJobHeldForTheBudgetIsReleasedOnceTheBudgetAdmitsIt() {
    s.jobs.add(
        job(
            9,
            "PENDING",
            "job_requeued_in_held_state",
            "",
            "stratus: budget team-a month: ...",
            HOUR));

    assertThat(Planner.plan(s.build()))
        .contains(new Action.ReleaseJob(9, "stratus: released: the budgets now admit this job"));
  }

  @Test
  void aHeldJobStaysHeldWhileTheBudgetIsSpentAndItsDollarsGoToNoOne() {
    s.budgets = figures(List.of(TEAM_A), "20", Set.of());
    s.jobs.add(job(9, "PENDING", "JobHeldAdmin", "", "stratus: budget team-a month: ...", HOUR));

    List<Action> actions = Planner.plan(s.build());

    assertThat(actions).noneMatch(Action.ReleaseJob.class::isInstance);
    assertThat(actions).noneMatch(Action.HoldJob.class::isInstance);
  }

  @Test
  void aReplayedRequestOfAJobAlreadyHeldNeitherHoldsItAgainNorLaunchesIt() {
    // seen on the real Slurm: the request stays in the spool while its other jobs' launches are in
    // flight, so the next pass replays it; the held job is pending by then and must not be held a
    // second time (scontrol hold would turn its reason into JobHeldAdmin) or launched
    s.budgets = figures(List.of(TEAM_A), "20", Set.of());
    resumed(9, "gpu-001", HOUR);
    s.jobs.set(
        0,
        job(
            9,
            "PENDING",
            "job_requeued_in_held_state",
            "",
            "stratus: budget team-a month: ...",
            HOUR));

    List<Action> actions = Planner.plan(s.build());

    assertThat(actions).noneMatch(Action.HoldJob.class::isInstance);
    assertThat(actions).noneMatch(Action.Launch.class::isInstance);
    assertThat(actions).noneMatch(Action.ReleaseJob.class::isInstance);
  }

  @Test
  void aReplayedRequestOfAHeldJobTheBudgetNowAdmitsReleasesItWithoutLaunching() {
    resumed(9, "gpu-001", HOUR);
    s.jobs.set(0, job(9, "PENDING", "JobHeldAdmin", "", "stratus: budget team-a month: ...", HOUR));

    List<Action> actions = Planner.plan(s.build());

    assertThat(actions)
        .contains(new Action.ReleaseJob(9, "stratus: released: the budgets now admit this job"));
    assertThat(actions).noneMatch(Action.Launch.class::isInstance);
  }

  @Test
  void aHeldJobComesBeforeNewRequestsForTheSameDollars() {
    s.budgets = figures(List.of(TEAM_A), "10", Set.of());
    s.jobs.add(job(9, "PENDING", "JobHeldAdmin", "", "stratus: budget team-a month: ...", HOUR));
    resumed(10, "gpu-001", HOUR);

    List<Action> actions = Planner.plan(s.build());

    assertThat(actions)
        .contains(new Action.ReleaseJob(9, "stratus: released: the budgets now admit this job"));
    assertThat(actions).filteredOn(Action.HoldJob.class::isInstance).hasSize(1);
  }

  @Test
  void aSpentSpotOnlyBudgetLeavesTheLaunchOnlyItsSpotOfferings() {
    s.pools.clear();
    s.pools.add(pool("gpu", 4, SPOT, ON_DEMAND));
    s.budgets = figures(List.of(budget(Budget.Mode.SOFT, true)), "30", Set.of());
    resumed(7, "gpu-001", HOUR);

    assertThat(Planner.plan(s.build()))
        .filteredOn(Action.Launch.class::isInstance)
        .singleElement()
        .satisfies(l -> assertThat(((Action.Launch) l).candidates()).containsExactly(SPOT));
  }

  @Test
  void withoutBudgetsNothingIsHeld() {
    s.budgets = BudgetFigures.NONE;
    resumed(7, "gpu-001", Optional.empty());

    assertThat(Planner.plan(s.build())).anyMatch(Action.Launch.class::isInstance);
  }
}
