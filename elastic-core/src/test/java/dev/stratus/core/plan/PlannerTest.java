package dev.stratus.core.plan;

import static dev.stratus.api.model.InstanceState.STOPPED;
import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.SpotPolicy;
import dev.stratus.api.model.Tags;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.hook.HookReason;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.wire.BootstrapReport;
import dev.stratus.wire.InterruptionNotice;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The planner as a table: snapshot in, actions out. */
class PlannerTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final Offering SPOT_A = offering("fake", "a", CapacityType.SPOT, "30");
  static final Offering OD_A = offering("fake", "a", CapacityType.ON_DEMAND, "98");
  static final Pool GPU = pool("gpu", 4, SPOT_A, OD_A);

  final List<SlurmNode> nodes = new ArrayList<>();
  final List<SlurmJob> jobs = new ArrayList<>();
  Pool pool = GPU;
  final List<Instance> instances = new ArrayList<>();
  final List<SpoolRequest> requests = new ArrayList<>();
  Set<OfferingKey> unavailable = Set.of();
  Set<OfferingKey> probing = Set.of();
  Map<String, Instant> poweringUpSince = Map.of();
  Map<String, Instant> downSince = Map.of();
  Set<String> unlisted = Set.of();
  List<PendingNotice> notices = new ArrayList<>();
  SpotSettings spot = SpotSettings.DEFAULTS;
  Map<String, Instance> lastSpotInstances = Map.of();
  List<BootstrapReport> bootstrapReports = new ArrayList<>();

  List<Action> plan() {
    return Planner.plan(
        Snapshot.builder(NOW, List.of(pool), Fixtures.TIMEOUTS, spot)
            .nodes(nodes)
            .jobs(jobs)
            .instances(instances)
            .unlistedProviders(unlisted)
            .requests(requests)
            .unavailable(unavailable)
            .probing(probing)
            .poweringUpSince(poweringUpSince)
            .downSince(downSince)
            .notices(notices)
            .lastSpotInstances(lastSpotInstances)
            .bootstrapReports(bootstrapReports)
            .build());
  }

  static SlurmNode node(String name, String state, String... flags) {
    return new SlurmNode(name, state, Set.of(flags), "", "", "gpu:h100:8", List.of("gpu"));
  }

  static SlurmNode downNode(String name, String reason, String... flags) {
    return new SlurmNode(name, "down", Set.of(flags), reason, "", "", List.of("gpu"));
  }

  static Instance instance(String id, String node, Instant launchedAt) {
    return new Instance(
        id,
        SPOT_A.key(),
        InstanceState.RUNNING,
        launchedAt,
        "",
        Map.of(Tags.CLUSTER, "test", Tags.POOL, "gpu", Tags.NODE, node, Tags.TOKEN, "t"));
  }

  static SpoolRequest resume(String id, List<String> nodes, ResumeFile.JobNodes... jobs) {
    return new SpoolRequest(id, HookKind.RESUME, nodes, List.of(jobs), NOW);
  }

  @Test
  void resumeOfOneJobLaunchesAllItsNodesTogetherInPreferenceOrder() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-002", "mixed", "CLOUD", "POWERING_UP"));
    requests.add(
        resume("r1", List.of("gpu-001", "gpu-002"), new ResumeFile.JobNodes(7, "gpu-[001-002]")));

    List<Action> actions = plan();

    assertThat(actions)
        .containsExactly(
            new Action.Launch(
                "r1",
                "gpu",
                7,
                List.of("gpu-001", "gpu-002"),
                List.of(SPOT_A, OD_A),
                "r1/7/gpu/gpu-[001-002]",
                "job 7 needs 2 node(s) of pool gpu"),
            new Action.Ack("r1", "resume acted on"));
  }

  @Test
  void aReplayForTheNodesOfAJobStillWithoutAnInstanceIsAnotherLaunchWithItsOwnTokenSeed() {
    // gpu-001 got its instance, gpu-002's was lost: the replay launches gpu-002 alone, and must
    // not reuse the two-node launch's client tokens (EC2 refuses a token with other parameters).
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-002", "mixed", "CLOUD", "POWERING_UP"));
    instances.add(instance("i-1", "gpu-001", NOW.minusSeconds(5)));
    requests.add(
        resume("r1", List.of("gpu-001", "gpu-002"), new ResumeFile.JobNodes(7, "gpu-[001-002]")));

    List<Action.Launch> launches =
        plan().stream()
            .filter(Action.Launch.class::isInstance)
            .map(Action.Launch.class::cast)
            .toList();

    assertThat(launches)
        .singleElement()
        .satisfies(
            l -> {
              assertThat(l.nodes()).containsExactly("gpu-002");
              assertThat(l.tokenSeed()).isEqualTo("r1/7/gpu/gpu-002");
            });
  }

  @Test
  void spotPreferredTriesEverySpotOfferingCheapestFirstThenOnDemandWhateverTheConfigOrder() {
    Offering cheapOnDemand = offering("other", "b", CapacityType.ON_DEMAND, "10");
    Offering spotB = offering("other", "b", CapacityType.SPOT, "45");
    pool = pool("gpu", 4, OD_A, spotB, SPOT_A, cheapOnDemand);
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    requests.add(resume("r1", List.of("gpu-001"), new ResumeFile.JobNodes(7, "gpu-001")));

    assertThat(launchCandidates()).containsExactly(List.of(SPOT_A, spotB, cheapOnDemand, OD_A));
  }

  @Test
  void aReclaimedSpotOfferingIsReplacedFromAnotherZoneBeforeOnDemand() {
    Offering spotB = offering("fake", "b", CapacityType.SPOT, "31");
    pool = pool("gpu", 4, SPOT_A, spotB, OD_A);
    unavailable = Set.of(SPOT_A.key());
    nodes.add(node("gpu-002", "mixed", "CLOUD", "POWERING_UP"));
    jobs.add(pendingRequeuedJob(7, 1));
    requests.add(resume("r1", List.of("gpu-002"), new ResumeFile.JobNodes(7, "gpu-002")));

    assertThat(launchCandidates()).containsExactly(List.of(spotB, OD_A));
  }

  @Test
  void onDemandAfterReclaimSendsARequeuedJobToOnDemandOnlyButAFirstRunToSpot() {
    pool = withPolicy(GPU, SpotPolicy.ON_DEMAND_AFTER_RECLAIM);
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-002", "mixed", "CLOUD", "POWERING_UP"));
    jobs.add(pendingRequeuedJob(7, 0));
    jobs.add(pendingRequeuedJob(8, 1));
    requests.add(
        resume(
            "r1",
            List.of("gpu-001", "gpu-002"),
            new ResumeFile.JobNodes(7, "gpu-001"),
            new ResumeFile.JobNodes(8, "gpu-002")));

    assertThat(launchCandidates()).containsExactly(List.of(SPOT_A, OD_A), List.of(OD_A));
  }

  @Test
  void spotOnlyNeverFallsBackToOnDemandAndSaysSoWhenSpotIsGone() {
    pool = withPolicy(GPU, SpotPolicy.SPOT_ONLY);
    unavailable = Set.of(SPOT_A.key());
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    requests.add(resume("r1", List.of("gpu-001"), new ResumeFile.JobNodes(7, "gpu-001")));

    assertThat(launchCandidates()).isEmpty();
    assertThat(plan())
        .contains(
            new Action.SetDown(
                List.of("gpu-001"), Reasons.of("no offering of pool gpu has capacity now")));
  }

  List<List<Offering>> launchCandidates() {
    return plan().stream()
        .filter(a -> a instanceof Action.Launch)
        .map(a -> ((Action.Launch) a).candidates())
        .toList();
  }

  static Pool withPolicy(Pool p, SpotPolicy policy) {
    return new Pool(
        p.name(),
        p.partition(),
        p.gpuModel(),
        p.gpusPerNode(),
        p.cpus(),
        p.memoryMiB(),
        p.maxNodes(),
        p.offerings(),
        p.gpuOptions(),
        policy);
  }

  /** A job Slurm allocated nodes to again, after {@code restarts} requeues. */
  static SlurmJob pendingRequeuedJob(long id, int restarts) {
    return new SlurmJob(
        id,
        "train",
        "CONFIGURING",
        "None",
        "gpu",
        "",
        1,
        "gpu:h100:8",
        restarts,
        true,
        Optional.empty());
  }

  @Test
  void twoJobsInOneResumeGetTwoLaunches() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-002", "mixed", "CLOUD", "POWERING_UP"));
    requests.add(
        resume(
            "r1",
            List.of("gpu-001", "gpu-002"),
            new ResumeFile.JobNodes(7, "gpu-001"),
            new ResumeFile.JobNodes(8, "gpu-002")));

    assertThat(plan())
        .filteredOn(a -> a instanceof Action.Launch)
        .extracting(a -> ((Action.Launch) a).jobId())
        .containsExactly(7L, 8L);
  }

  @Test
  void replayedResumeLaunchesOnlyNodesWithoutInstance() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-002", "mixed", "CLOUD", "POWERING_UP"));
    instances.add(instance("i-1", "gpu-001", NOW));
    requests.add(resume("r1", List.of("gpu-001", "gpu-002")));

    assertThat(plan())
        .filteredOn(a -> a instanceof Action.Launch)
        .extracting(a -> ((Action.Launch) a).nodes())
        .containsExactly(List.of("gpu-002"));
  }

  @Test
  void unavailableOfferingsAreSkipped() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    requests.add(resume("r1", List.of("gpu-001")));
    unavailable = Set.of(SPOT_A.key());

    assertThat(plan())
        .filteredOn(a -> a instanceof Action.Launch)
        .extracting(a -> ((Action.Launch) a).candidates())
        .containsExactly(List.of(OD_A));
  }

  @Test
  void aProbingOfferingTakesASingleNodeProbeButComesLastForBiggerJobs() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-002", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-003", "mixed", "CLOUD", "POWERING_UP"));
    requests.add(resume("r1", List.of("gpu-001"), new ResumeFile.JobNodes(1, "gpu-001")));
    requests.add(
        resume("r2", List.of("gpu-002", "gpu-003"), new ResumeFile.JobNodes(2, "gpu-[002-003]")));
    probing = Set.of(SPOT_A.key());

    assertThat(plan())
        .filteredOn(a -> a instanceof Action.Launch)
        .extracting(a -> ((Action.Launch) a).candidates())
        .containsExactly(List.of(SPOT_A, OD_A), List.of(OD_A, SPOT_A));
  }

  @Test
  void noOfferingLeftSetsNodesDownWithAReason() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    requests.add(resume("r1", List.of("gpu-001")));
    unavailable = Set.of(SPOT_A.key(), OD_A.key());

    assertThat(plan())
        .contains(
            new Action.SetDown(
                List.of("gpu-001"), Reasons.of("no offering of pool gpu has capacity now")));
  }

  @Test
  void nodeOutsideEveryPoolIsSetDown() {
    requests.add(resume("r1", List.of("cpu-001")));

    assertThat(plan())
        .contains(new Action.SetDown(List.of("cpu-001"), Reasons.of("node is in no Stratus pool")));
  }

  @Test
  void suspendTerminatesTheNodesInstances() {
    nodes.add(node("gpu-001", "idle", "CLOUD", "POWERING_DOWN"));
    instances.add(instance("i-1", "gpu-001", NOW.minusSeconds(600)));
    requests.add(new SpoolRequest("s1", HookKind.SUSPEND, List.of("gpu-001"), List.of(), NOW));

    assertThat(plan())
        .startsWith(
            new Action.Terminate(List.of("i-1"), "slurm suspend of gpu-001"),
            new Action.Ack("s1", "suspend acted on"));
  }

  @Test
  void anInstanceASuspendTerminatesIsNotTerminatedAgainAsAnOrphan() {
    nodes.add(node("gpu-001", "idle", "CLOUD", "POWERED_DOWN"));
    instances.add(instance("i-1", "gpu-001", NOW.minusSeconds(600)));
    requests.add(new SpoolRequest("s1", HookKind.SUSPEND, List.of("gpu-001"), List.of(), NOW));

    assertThat(plan())
        .containsExactly(
            new Action.Terminate(List.of("i-1"), "slurm suspend of gpu-001"),
            new Action.Ack("s1", "suspend acted on"));
  }

  @Test
  void orphanInstanceIsTerminatedOnlyAfterTheGracePeriod() {
    nodes.add(node("gpu-001", "idle", "CLOUD", "POWERED_DOWN"));
    instances.add(instance("young", "gpu-001", NOW.minusSeconds(10)));
    instances.add(instance("old", "gpu-001", NOW.minusSeconds(31)));

    assertThat(plan())
        .containsExactly(
            new Action.Terminate(
                List.of("old"), "orphan: no powered-up Slurm node is bound to it"));
  }

  @Test
  void aStoppedInstanceIsTerminatedOnceOlderThanTheGraceWhateverItsNodeDoes() {
    nodes.add(node("gpu-001", "allocated", "CLOUD"));
    nodes.add(node("gpu-002", "idle", "CLOUD", "POWERED_DOWN"));
    instances.add(instance("stopped", "gpu-001", NOW.minusSeconds(600)).withState(STOPPED));
    instances.add(instance("failed", "gpu-002", NOW.minusSeconds(31)).withState(STOPPED));
    instances.add(instance("young", "gpu-002", NOW.minusSeconds(10)).withState(STOPPED));

    List<Action> actions = plan();

    assertThat(actions)
        .filteredOn(Action.Terminate.class::isInstance)
        .containsExactly(
            new Action.Terminate(
                List.of("stopped", "failed"),
                "stopped or failed at the cloud: runs nothing, still costs (disks)"));
    assertThat(actions)
        .filteredOn(Action.InstanceGone.class::isInstance)
        .singleElement()
        .satisfies(a -> assertThat(((Action.InstanceGone) a).nodes()).containsExactly("gpu-001"));
  }

  @Test
  void secondInstanceForOneNodeIsAnOrphanButTheFirstIsKept() {
    nodes.add(node("gpu-001", "allocated", "CLOUD"));
    instances.add(instance("first", "gpu-001", NOW.minusSeconds(300)));
    instances.add(instance("second", "gpu-001", NOW.minusSeconds(200)));

    assertThat(plan())
        .containsExactly(
            new Action.Terminate(
                List.of("second"), "orphan: no powered-up Slurm node is bound to it"));
  }

  @Test
  void poweredUpNodeWithoutInstanceIsSetDown() {
    nodes.add(node("gpu-003", "allocated", "CLOUD"));

    assertThat(plan())
        .containsExactly(
            new Action.InstanceGone(
                List.of("gpu-003"),
                Map.of(),
                Reasons.of("instance gone (no instance behind node)")));
  }

  @Test
  void aSpotInstanceGoneWithoutNoticeMarksItsOfferingUnavailableOnce() {
    nodes.add(node("gpu-002", "allocated", "CLOUD"));
    nodes.add(node("gpu-003", "allocated", "CLOUD"));
    lastSpotInstances =
        Map.of(
            "gpu-002", instance("i-2", "gpu-002", NOW), "gpu-003", instance("i-3", "gpu-003", NOW));

    assertThat(plan())
        .filteredOn(a -> a instanceof Action.MarkUnavailable)
        .containsExactly(
            new Action.MarkUnavailable(
                SPOT_A.key(), "spot instance i-2 of gpu-002 vanished without notice"));
  }

  @Test
  void aSpotInstanceGoneAfterItsNoticeIsNotMarkedASecondTime() {
    nodes.add(node("gpu-002", "allocated", "CLOUD"));
    lastSpotInstances = Map.of("gpu-002", instance("i-2", "gpu-002", NOW));
    notices.add(
        new PendingNotice(
            new InterruptionNotice(
                "i-2", InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(60), NOW.minusSeconds(9)),
            NOW.minusSeconds(9),
            Optional.of(NOW.minusSeconds(8)),
            Optional.empty()));

    assertThat(plan()).noneMatch(a -> a instanceof Action.MarkUnavailable);
    assertThat(plan()).anyMatch(a -> a instanceof Action.InstanceGone);
  }

  @Test
  void nodesOfAnUnlistedProviderAreLeftAlone() {
    nodes.add(node("gpu-003", "allocated", "CLOUD"));
    unlisted = Set.of("fake");

    assertThat(plan()).isEmpty();
  }

  @Test
  void nodeStuckPoweringUpIsForcedDownAfterItsTimeout() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-002", "mixed", "CLOUD", "POWERING_UP"));
    instances.add(instance("i-1", "gpu-001", NOW));
    instances.add(instance("i-2", "gpu-002", NOW));
    poweringUpSince =
        Map.of("gpu-001", NOW.minus(Duration.ofSeconds(90)), "gpu-002", NOW.minusSeconds(10));

    assertThat(plan())
        .containsExactly(
            new Action.ForcePowerDown(
                List.of("gpu-001"), Reasons.of("power up timed out after PT1M30S")));
  }

  @Test
  void ourDownNodesReturnToServiceAfterTheHoldAndOthersAreLeftAlone() {
    nodes.add(downNode("gpu-001", Reasons.of("launch failed: X"), "CLOUD", "POWERED_DOWN"));
    nodes.add(downNode("gpu-002", Reasons.of("launch failed: X"), "CLOUD"));
    nodes.add(downNode("gpu-003", "disk broken", "CLOUD", "POWERED_DOWN"));
    nodes.add(downNode("gpu-004", Reasons.of("launch failed: X"), "CLOUD", "POWERED_DOWN"));
    downSince =
        Map.of(
            "gpu-001", NOW.minusSeconds(20),
            "gpu-002", NOW.minusSeconds(25),
            "gpu-003", NOW.minusSeconds(999),
            "gpu-004", NOW.minusSeconds(5));

    assertThat(plan())
        .containsExactly(
            new Action.ForcePowerDown(List.of("gpu-002"), Reasons.of("down hold over: power down")),
            new Action.ReturnToService(List.of("gpu-001"), "down hold over: back to idle~"));
  }

  @Test
  void aNodeTheHookSetDownForAMalformedRequestReturnsToServiceAfterTheHold() {
    String hookReason = HookReason.of("resume file: unexpected end of input");
    nodes.add(downNode("gpu-001", hookReason, "CLOUD", "POWERED_DOWN"));
    nodes.add(downNode("gpu-002", hookReason, "CLOUD"));
    downSince = Map.of("gpu-001", NOW.minusSeconds(20), "gpu-002", NOW.minusSeconds(20));

    assertThat(plan())
        .containsExactly(
            new Action.ForcePowerDown(List.of("gpu-002"), Reasons.of("down hold over: power down")),
            new Action.ReturnToService(List.of("gpu-001"), "down hold over: back to idle~"));
  }

  @Test
  void aNodeDrainedForANoticeIsUndrainedOncePoweredDownButAnOperatorsDrainStays() {
    nodes.add(
        new SlurmNode(
            "gpu-001",
            "idle",
            Set.of("CLOUD", "POWERED_DOWN", "DRAIN"),
            Reasons.of("reclaim notice for i-1"),
            "",
            "",
            List.of("gpu")));
    nodes.add(
        new SlurmNode(
            "gpu-002",
            "allocated",
            Set.of("CLOUD", "DRAIN"),
            Reasons.of("reclaim notice for i-2"),
            "",
            "",
            List.of("gpu")));
    nodes.add(
        new SlurmNode(
            "gpu-003",
            "idle",
            Set.of("CLOUD", "POWERED_DOWN", "DRAIN"),
            "bad fan",
            "",
            "",
            List.of("gpu")));
    instances.add(instance("i-2", "gpu-002", NOW.minusSeconds(600)));

    assertThat(plan())
        .containsExactly(
            new Action.ReturnToService(List.of("gpu-001"), "interruption handled: undrain"));
  }

  @Test
  void sameSnapshotGivesSameActions() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-004", "allocated", "CLOUD"));
    instances.add(instance("x", "gpu-002", NOW.minusSeconds(100)));
    requests.add(resume("r1", List.of("gpu-001")));

    assertThat(plan()).isEqualTo(plan());
  }

  @Test
  void aFailedBootstrapReportInTheSnapshotSetsItsNodeDownAndEndsItsInstance() {
    nodes.add(node("gpu-001", "idle", "CLOUD", "POWERING_UP"));
    instances.add(instance("i-1", "gpu-001", NOW.minusSeconds(60)));
    bootstrapReports.add(
        new BootstrapReport("gpu-001", "gpus", false, "gpu: found 7 of 8 h100", "", NOW));

    String reason = Reasons.of("gpus: node gpu-001: gpu: found 7 of 8 h100");
    assertThat(plan())
        .contains(
            new Action.SetDown(List.of("gpu-001"), reason),
            new Action.Terminate(List.of("i-1"), reason));
  }
}
