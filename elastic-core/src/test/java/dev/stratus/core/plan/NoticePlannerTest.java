package dev.stratus.core.plan;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Tags;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.wire.InterruptionNotice;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The spot action chain as a table: notice and cluster state in, actions out. */
class NoticePlannerTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final Offering SPOT = offering("fake", "a", CapacityType.SPOT, "30");
  static final SpotSettings SETTINGS =
      new SpotSettings("USR1", Duration.ofSeconds(30), Duration.ofSeconds(10), false, "", "");

  final List<SlurmJob> jobs = new ArrayList<>();
  final List<PendingNotice> notices = new ArrayList<>();
  Set<Long> checkpointed = Set.of();
  final List<Instance> instances =
      new ArrayList<>(
          List.of(
              new Instance(
                  "i-1",
                  SPOT.key(),
                  InstanceState.RUNNING,
                  NOW.minusSeconds(900),
                  "",
                  Map.of(Tags.CLUSTER, "test", Tags.NODE, "gpu-001", Tags.TOKEN, "t"))));

  /** The notice lane's plan. */
  List<Action> plan(SpotSettings spot) {
    return NoticePlanner.plan(
        Snapshot.forNotices(
            NOW,
            List.of(pool("gpu", 4, SPOT)),
            Fixtures.TIMEOUTS,
            jobs,
            instances,
            notices,
            spot,
            checkpointed));
  }

  /** The reconcile pass's plan, begun at {@code now}, with the notices in hand. */
  List<Action> passPlan(Instant now) {
    List<SlurmNode> nodes =
        List.of(new SlurmNode("gpu-001", "allocated", Set.of("CLOUD"), "", "", "", List.of()));
    return Planner.plan(
        Snapshot.builder(now, List.of(pool("gpu", 4, SPOT)), Fixtures.TIMEOUTS, SETTINGS)
            .nodes(nodes)
            .jobs(jobs)
            .instances(instances)
            .notices(notices)
            .checkpointed(checkpointed)
            .build());
  }

  void jobRunningOnTheNode() {
    jobs.add(Fixtures.runningJob(42, "gpu-001", 1, NOW.minusSeconds(600)));
  }

  void notice(InterruptionNotice.Kind kind, Instant deadline, Optional<Instant> signalledAt) {
    notice(kind, deadline, signalledAt, Optional.empty());
  }

  void notice(
      InterruptionNotice.Kind kind,
      Instant deadline,
      Optional<Instant> signalledAt,
      Optional<Instant> requeuedAt) {
    notices.add(
        new PendingNotice(
            new InterruptionNotice("i-1", kind, deadline, NOW.minusSeconds(1)),
            NOW.minusSeconds(1),
            signalledAt,
            requeuedAt));
  }

  @Test
  void aFreshReclaimSignalsTheJobDrainsTheNodeAndMarksTheOfferingUnavailable() {
    jobRunningOnTheNode();
    notice(InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), Optional.empty());

    assertThat(plan(SETTINGS))
        .containsExactly(
            new Action.MarkUnavailable(SPOT.key(), "reclaim notice for i-1"),
            new Action.SignalJob(42, "USR1", "i-1", "reclaim notice for i-1"),
            new Action.Drain(
                List.of("gpu-001"),
                Reasons.of("reclaim notice for i-1, deadline " + NOW.plusSeconds(120))));
  }

  @Test
  void duringTheGraceNothingMoreHappens() {
    jobRunningOnTheNode();
    notice(InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), Optional.of(NOW.minusSeconds(5)));

    assertThat(plan(SETTINGS)).isEmpty();
  }

  @Test
  void afterTheGraceTheJobIsRequeued() {
    jobRunningOnTheNode();
    notice(
        InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), Optional.of(NOW.minusSeconds(30)));

    assertThat(plan(SETTINGS))
        .containsExactly(new Action.Requeue(List.of(42L), "i-1", "reclaim notice for i-1"));
  }

  @Test
  void theNodeIsPoweredDownOnlyOnceTheRequeuedJobHasLeftIt() {
    jobRunningOnTheNode(); // still completing on the node
    notice(
        InterruptionNotice.Kind.RECLAIM,
        NOW.plusSeconds(120),
        Optional.of(NOW.minusSeconds(40)),
        Optional.of(NOW.minusSeconds(5)));
    assertThat(plan(SETTINGS)).isEmpty();

    jobs.clear(); // requeued: pending, no nodes
    assertThat(plan(SETTINGS))
        .containsExactly(
            new Action.ForcePowerDown(List.of("gpu-001"), Reasons.of("reclaim notice for i-1")),
            new Action.NoticeDone("i-1", "job requeued, node released"));
  }

  @Test
  void aShortDeadlineCutsTheGraceShortByTheMargin() {
    jobRunningOnTheNode();
    notice(InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(10), Optional.of(NOW.minusSeconds(1)));

    assertThat(plan(SETTINGS))
        .first()
        .isEqualTo(new Action.Requeue(List.of(42L), "i-1", "reclaim notice for i-1"));
  }

  @Test
  void anIdleNodeIsReleasedAtOnce() {
    notice(InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(60), Optional.empty());

    assertThat(plan(SETTINGS))
        .containsExactly(
            new Action.MarkUnavailable(SPOT.key(), "reclaim notice for i-1"),
            new Action.ForcePowerDown(List.of("gpu-001"), Reasons.of("reclaim notice for i-1")),
            new Action.NoticeDone("i-1", "idle node released"));
  }

  @Test
  void aMaintenanceNoticeActsOnTheJobButLeavesTheOfferingAvailable() {
    jobRunningOnTheNode();
    notice(InterruptionNotice.Kind.MAINTENANCE, NOW.plusSeconds(60), Optional.empty());

    assertThat(plan(SETTINGS))
        .containsExactly(
            new Action.SignalJob(42, "USR1", "i-1", "maintenance notice for i-1"),
            new Action.Drain(
                List.of("gpu-001"),
                Reasons.of("maintenance notice for i-1, deadline " + NOW.plusSeconds(60))));
  }

  @Test
  void aJobThatHasWrittenItsCheckpointIsRequeuedWithoutWaitingForTheGrace() {
    jobRunningOnTheNode();
    notice(InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), Optional.of(NOW.minusSeconds(2)));
    checkpointed = Set.of(7L); // another job's checkpoint changes nothing
    assertThat(plan(SETTINGS)).isEmpty();

    checkpointed = Set.of(42L);
    assertThat(plan(SETTINGS))
        .containsExactly(
            new Action.Requeue(List.of(42L), "i-1", "reclaim notice for i-1: checkpoint written"));
  }

  @Test
  void aRebalanceRecommendationIsOnlyReportedUnlessConfigured() {
    jobRunningOnTheNode();
    notice(
        InterruptionNotice.Kind.REBALANCE_RECOMMENDATION, NOW.plusSeconds(600), Optional.empty());

    assertThat(plan(SETTINGS))
        .containsExactly(
            new Action.NoticeDone("i-1", "rebalance recommendation reported, not acted on"));
    assertThat(
            plan(
                new SpotSettings(
                    "USR1", Duration.ofSeconds(30), Duration.ofSeconds(10), true, "", "")))
        .extracting(a -> a.getClass().getSimpleName())
        .containsExactly("MarkUnavailable", "SignalJob", "Drain");
  }

  @Test
  void aNoticeForAnInstanceTheLaneHasNotSeenIsLeftToTheReconcilePass() {
    instances.clear();
    notice(InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), Optional.empty());

    assertThat(plan(SETTINGS)).isEmpty();
    assertThat(passPlan(NOW.minusSeconds(5)))
        .as("a listing begun before the notice came may miss an instance launched meanwhile")
        .noneMatch(a -> a instanceof Action.NoticeDone);
    assertThat(passPlan(NOW))
        .as("a listing begun after it does not: the instance is gone")
        .contains(
            new Action.NoticeDone(
                "i-1", "instance already gone; the reconcile pass handles its node"));
  }

  @Test
  void theReconcilePassLeavesNoticesOfListedInstancesToTheLane() {
    jobRunningOnTheNode();
    notice(InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), Optional.empty());

    assertThat(passPlan(NOW))
        .noneMatch(
            a ->
                a instanceof Action.SignalJob
                    || a instanceof Action.NoticeDone
                    || a instanceof Action.Requeue);
  }

  @Test
  void theNextPassIsDueWhenTheEarliestSignalledJobsGraceEndsOrItsDeadlineNears() {
    assertThat(NoticePlanner.nextRequeueDue(notices, SETTINGS)).isEmpty();
    notice(InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), Optional.empty());
    assertThat(NoticePlanner.nextRequeueDue(notices, SETTINGS)).isEmpty();

    notice(InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), Optional.of(NOW));
    assertThat(NoticePlanner.nextRequeueDue(notices, SETTINGS)).contains(NOW.plusSeconds(30));

    // 25 s left minus the 10 s margin beats the 30 s grace
    notice(InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(25), Optional.of(NOW));
    assertThat(NoticePlanner.nextRequeueDue(notices, SETTINGS)).contains(NOW.plusSeconds(15));
  }

  @Test
  void aRequeuedJobIsNotDueAgain() {
    notice(
        InterruptionNotice.Kind.RECLAIM,
        NOW.plusSeconds(120),
        Optional.of(NOW),
        Optional.of(NOW.plusSeconds(30)));

    assertThat(NoticePlanner.nextRequeueDue(notices, SETTINGS)).isEmpty();
  }

  void secondJobOnTheNode() {
    jobs.add(Fixtures.runningJob(43, "gpu-001", 1, NOW.minusSeconds(60)));
  }

  void notice(Optional<Instant> signalledAt, Optional<Instant> requeuedAt, Set<Long> requeued) {
    notices.add(
        new PendingNotice(
            new InterruptionNotice(
                "i-1", InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), NOW.minusSeconds(1)),
            NOW.minusSeconds(1),
            signalledAt,
            requeuedAt,
            requeued));
  }

  @Test
  void everyJobOnASharedNodeIsSignalled() {
    jobRunningOnTheNode();
    secondJobOnTheNode();
    notice(InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), Optional.empty());

    assertThat(plan(SETTINGS))
        .extracting(a -> a.getClass().getSimpleName())
        .containsExactly("MarkUnavailable", "SignalJob", "SignalJob", "Drain");
    assertThat(plan(SETTINGS))
        .filteredOn(a -> a instanceof Action.SignalJob)
        .extracting(a -> ((Action.SignalJob) a).jobId())
        .containsExactly(42L, 43L);
  }

  @Test
  void afterTheGraceEveryJobOnASharedNodeIsRequeued() {
    jobRunningOnTheNode();
    secondJobOnTheNode();
    notice(Optional.of(NOW.minusSeconds(30)), Optional.empty(), Set.of());

    assertThat(plan(SETTINGS))
        .containsExactly(new Action.Requeue(List.of(42L, 43L), "i-1", "reclaim notice for i-1"));
  }

  @Test
  void aSharedNodesJobsAreRequeuedEarlyOnlyOnceEveryOneHasCheckpointed() {
    jobRunningOnTheNode();
    secondJobOnTheNode();
    notice(Optional.of(NOW.minusSeconds(2)), Optional.empty(), Set.of());
    checkpointed = Set.of(42L);
    assertThat(plan(SETTINGS)).isEmpty();

    checkpointed = Set.of(42L, 43L);
    assertThat(plan(SETTINGS))
        .containsExactly(
            new Action.Requeue(
                List.of(42L, 43L), "i-1", "reclaim notice for i-1: checkpoint written"));
  }

  @Test
  void aJobWhoseRequeueSucceededIsNotAskedAgainWhileItLeaves() {
    jobRunningOnTheNode();
    secondJobOnTheNode();
    notice(Optional.of(NOW.minusSeconds(30)), Optional.empty(), Set.of(43L));

    assertThat(plan(SETTINGS))
        .containsExactly(new Action.Requeue(List.of(42L), "i-1", "reclaim notice for i-1"));
  }

  @Test
  void aSharedNodeIsPoweredDownOnlyOnceEveryJobHasLeftIt() {
    secondJobOnTheNode(); // 42 has left, 43 is still completing
    notice(Optional.of(NOW.minusSeconds(40)), Optional.of(NOW.minusSeconds(5)), Set.of(42L, 43L));
    assertThat(plan(SETTINGS)).isEmpty();

    jobs.clear();
    assertThat(plan(SETTINGS))
        .containsExactly(
            new Action.ForcePowerDown(List.of("gpu-001"), Reasons.of("reclaim notice for i-1")),
            new Action.NoticeDone("i-1", "job requeued, node released"));
  }
}
