package dev.stratus.core.plan;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static dev.stratus.core.testing.Fixtures.runningJob;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.Tags;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetFigures;
import dev.stratus.core.money.BudgetPeriod;
import dev.stratus.core.money.BudgetScope;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Snapshots;
import dev.stratus.policy.AvailabilityHistory;
import dev.stratus.policy.UniformProgress;
import dev.stratus.wire.InterruptionNotice;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A running deadline job, under Uniform Progress (10-minute ticks, 12-minute changeover): 10 h of
 * work, submitted 10 h ago and due in 10 h, so on schedule it has done 5 h; its instance has run
 * for an hour unless a test says otherwise.
 */
class DeadlineMovesTest {
  static final Offering SPOT = offering("aws", "zone-a", CapacityType.SPOT, "30");
  static final Offering ON_DEMAND = offering("aws", "zone-a", CapacityType.ON_DEMAND, "98");
  static final Pool GPU = pool("gpu", 4, SPOT, ON_DEMAND);
  static final Duration WORK = Duration.ofHours(10);

  final Snapshots s = new Snapshots();

  DeadlineMovesTest() {
    s.pools.add(GPU);
    s.nodes.add(new SlurmNode("gpu-001", "allocated", Set.of("CLOUD"), "", "", "", List.of()));
    s.jobs.add(runningJob(7, "gpu-001", 1, s.now.minus(Duration.ofHours(1))));
  }

  void runsOn(Offering o, Duration since) {
    s.instances.add(
        new Instance(
            "i-1",
            o.key(),
            InstanceState.RUNNING,
            s.now.minus(since),
            "10.0.0.1",
            Map.of(Tags.CLUSTER, "test", Tags.POOL, "gpu", Tags.NODE, "gpu-001", Tags.TOKEN, "t")));
  }

  void done(Duration done) {
    s.deadlines =
        new DeadlineContext(
            Optional.of(new UniformProgress()),
            Duration.ofMinutes(10),
            Duration.ofMinutes(12),
            Map.of(
                7L,
                new JobDeadline(
                    s.now.minus(Duration.ofHours(10)),
                    s.now.plus(Duration.ofHours(10)),
                    WORK,
                    done)),
            Map.of(SPOT.key(), AvailabilityHistory.builder().observe(s.now, true).snapshot()));
  }

  List<Action> plan() {
    return Planner.plan(s.build());
  }

  static Optional<Action.MoveJob> move(List<Action> actions) {
    return actions.stream()
        .filter(a -> a instanceof Action.MoveJob)
        .map(a -> (Action.MoveJob) a)
        .findFirst();
  }

  static DeadlineStatus decided(List<Action> actions) {
    return actions.stream()
        .filter(a -> a instanceof Action.DeadlineDecided)
        .map(a -> ((Action.DeadlineDecided) a).status())
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aJobAheadOfScheduleOnOnDemandIsMovedToSpotThroughItsInstancesNotice() {
    runsOn(ON_DEMAND, Duration.ofHours(1));
    done(Duration.ofHours(8));

    List<Action> actions = plan();

    assertThat(move(actions))
        .get()
        .satisfies(
            m -> {
              assertThat(m.jobId()).isEqualTo(7);
              assertThat(m.instanceIds()).containsExactly("i-1");
              assertThat(m.to()).isEqualTo(CapacityType.SPOT);
              assertThat(m.reason())
                  .contains(
                      "moves from on-demand", "to spot", "uniform-progress: spot is available");
            });
    DeadlineStatus status = decided(actions);
    assertThat(status.choice()).isEqualTo("move to spot");
    assertThat(status.running()).startsWith("on-demand at aws/");
    assertThat(status.progress()).isEqualTo(0.8);
    assertThat(status.expected()).isEqualTo(0.5);
  }

  @Test
  void aJobJustAheadButInsideTheHysteresisBandStaysOnOnDemand() {
    runsOn(ON_DEMAND, Duration.ofHours(1));
    // ahead of 5 h (on schedule now) but not of 5.2 h (on schedule two changeovers from now)
    done(Duration.ofMinutes(5 * 60 + 6));

    List<Action> actions = plan();

    assertThat(move(actions)).isEmpty();
    assertThat(decided(actions).choice()).isEqualTo("stay on on-demand");
    assertThat(decided(actions).reason()).contains("hysteresis keeps on-demand");
  }

  @Test
  void aJobBehindScheduleOnSpotThatIsNoLongerUsableIsMovedToOnDemand() {
    runsOn(SPOT, Duration.ofHours(1));
    s.unavailable.add(SPOT.key());
    done(Duration.ofHours(2));

    List<Action> actions = plan();

    assertThat(move(actions))
        .get()
        .extracting(Action.MoveJob::to)
        .isEqualTo(CapacityType.ON_DEMAND);
    assertThat(decided(actions).choice()).isEqualTo("move to on-demand");
  }

  @Test
  void aHardBudgetThatCannotPayForOnDemandKeepsTheJobOnSpot() {
    runsOn(SPOT, Duration.ofHours(1));
    s.unavailable.add(SPOT.key());
    done(Duration.ofHours(2));
    Budget tight =
        new Budget(
            "team",
            BudgetScope.CLUSTER,
            new BudgetPeriod.Month(ZoneOffset.UTC),
            new BigDecimal("100"),
            Budget.Mode.HARD,
            false,
            List.of(),
            Optional.empty());
    s.budgets =
        new BudgetFigures(List.of(tight), Map.of("team", new BigDecimal("99")), Map.of(), Set.of());
    s.jobs.set(0, withTimeLimit(s.jobs.get(0), Duration.ofHours(10)));

    List<Action> actions = plan();

    assertThat(move(actions)).isEmpty();
    assertThat(decided(actions).choice()).isEqualTo("stay on spot");
    assertThat(decided(actions).reason()).contains("stays: budget team");
  }

  @Test
  void aJobWhoseInstanceIsYoungerThanTwoChangeoversIsNotMovedYet() {
    runsOn(ON_DEMAND, Duration.ofMinutes(20));
    done(Duration.ofHours(8));

    List<Action> actions = plan();

    assertThat(move(actions)).isEmpty();
    assertThat(decided(actions).reason()).contains("a move waits until they ran 1440 s");
  }

  @Test
  void noMoveToSpotWhileTheSpotOfferingIsUnavailable() {
    runsOn(ON_DEMAND, Duration.ofHours(1));
    s.unavailable.add(SPOT.key());
    done(Duration.ofHours(8));

    List<Action> actions = plan();

    assertThat(move(actions)).isEmpty();
    assertThat(decided(actions).choice()).isEqualTo("stay on on-demand");
  }

  @Test
  void noMoveToASpotOfferingThatIsOnlyBeingProbed() {
    runsOn(ON_DEMAND, Duration.ofHours(1));
    s.probing.add(SPOT.key());
    done(Duration.ofHours(8));

    List<Action> actions = plan();

    assertThat(move(actions)).isEmpty();
    assertThat(decided(actions).reason())
        .contains("no spot offering of pool gpu is usable and proved");
  }

  @Test
  void aRunningJobIsNotStoppedWhenThePolicyWouldWait() {
    runsOn(SPOT, Duration.ofHours(1));
    s.unavailable.add(SPOT.key());
    done(Duration.ofHours(8)); // ahead, spot gone: Uniform Progress would wait

    List<Action> actions = plan();

    assertThat(move(actions)).isEmpty();
    assertThat(decided(actions).choice()).isEqualTo("stay on spot");
    assertThat(decided(actions).reason()).contains("not stopped to wait");
  }

  @Test
  void aJobWhoseInstanceHasANoticeIsLeftToThatChain() {
    runsOn(ON_DEMAND, Duration.ofHours(1));
    done(Duration.ofHours(8));
    s.notices.add(
        new PendingNotice(
            new InterruptionNotice(
                "i-1", InterruptionNotice.Kind.MAINTENANCE, s.now.plusSeconds(60), s.now),
            s.now,
            Optional.empty(),
            Optional.empty()));

    assertThat(plan())
        .noneMatch(a -> a instanceof Action.MoveJob || a instanceof Action.DeadlineDecided);
  }

  @Test
  void aJobWithoutADeadlineIsNeverMoved() {
    runsOn(ON_DEMAND, Duration.ofHours(1));

    assertThat(plan())
        .noneMatch(a -> a instanceof Action.MoveJob || a instanceof Action.DeadlineDecided);
  }

  static SlurmJob withTimeLimit(SlurmJob j, Duration limit) {
    return new SlurmJob(
        j.jobId(),
        j.name(),
        j.state(),
        j.reason(),
        j.partition(),
        j.nodes(),
        j.nodeCount(),
        j.gresPerNode(),
        j.restartCount(),
        j.requeue(),
        j.started(),
        new SlurmJob.Accounting("ana", "ml", Optional.of(limit), Optional.empty()),
        "");
  }
}
