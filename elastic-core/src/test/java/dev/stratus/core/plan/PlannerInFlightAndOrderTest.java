package dev.stratus.core.plan;

import static dev.stratus.core.plan.PlannerTest.instance;
import static dev.stratus.core.plan.PlannerTest.node;
import static dev.stratus.core.plan.PlannerTest.resume;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The planner with cloud work in flight and requests that contradict each other: nothing is
 * launched twice, an instance being terminated counts for no node, and requests are taken in the
 * order slurmctld made them.
 */
class PlannerInFlightAndOrderTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  final List<SlurmNode> nodes = new ArrayList<>();
  final List<Instance> instances = new ArrayList<>();
  final List<SpoolRequest> requests = new ArrayList<>();
  InFlight inFlight = InFlight.NONE;
  Set<String> unlisted = Set.of();

  List<Action> plan() {
    return Planner.plan(
        Snapshot.builder(NOW, List.of(PlannerTest.GPU), Fixtures.TIMEOUTS, SpotSettings.DEFAULTS)
            .nodes(nodes)
            .instances(instances)
            .unlistedProviders(unlisted)
            .requests(requests)
            .inFlight(inFlight)
            .build());
  }

  static SpoolRequest release(String id, HookKind kind, Instant at, String... nodes) {
    return new SpoolRequest(id, kind, List.of(nodes), List.of(), at);
  }

  static SpoolRequest resumeAt(String id, Instant at, long job, String node) {
    return new SpoolRequest(
        id, HookKind.RESUME, List.of(node), List.of(new ResumeFile.JobNodes(job, node)), at);
  }

  @Test
  void aNodeWithALaunchInFlightIsNotLaunchedAgain() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    requests.add(resume("r1", List.of("gpu-001"), new ResumeFile.JobNodes(7, "gpu-001")));
    inFlight = new InFlight(Set.of("gpu-001"), Set.of());

    assertThat(plan()).containsExactly(new Action.Ack("r1", "resume acted on"));
  }

  @Test
  void aPoweredUpNodeWithALaunchInFlightIsNotTakenForOneWhoseInstanceIsGone() {
    nodes.add(node("gpu-001", "allocated", "CLOUD"));
    inFlight = new InFlight(Set.of("gpu-001"), Set.of());

    assertThat(plan()).isEmpty();
  }

  @Test
  void anInstanceBeingTerminatedCountsForNoNodeAndIsNotTerminatedAgain() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    instances.add(instance("leaving", "gpu-001", NOW.minusSeconds(600)));
    requests.add(resume("r2", List.of("gpu-001"), new ResumeFile.JobNodes(8, "gpu-001")));
    inFlight = new InFlight(Set.of(), Set.of("leaving"));

    assertThat(plan())
        .extracting(a -> a.getClass().getSimpleName())
        .containsExactly("Launch", "Ack");
  }

  @Test
  void anInstanceWhoseTerminationFailedServesNoResumeAndIsTerminatedAgain() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    instances.add(instance("lingering", "gpu-001", NOW.minusSeconds(600)));
    requests.add(resume("r2", List.of("gpu-001"), new ResumeFile.JobNodes(8, "gpu-001")));
    inFlight = new InFlight(Set.of(), Set.of(), Set.of("lingering"), Set.of("lingering"));

    List<Action> actions = plan();

    assertThat(actions)
        .extracting(a -> a.getClass().getSimpleName())
        .containsExactly("Launch", "Ack", "Terminate");
    assertThat(actions.get(2))
        .isInstanceOfSatisfying(
            Action.Terminate.class, t -> assertThat(t.instanceIds()).containsExactly("lingering"));
  }

  @Test
  void aReleasedInstanceStillListedServesNoResumeAndIsNotTerminatedTwiceWhileInFlight() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    instances.add(instance("leaving", "gpu-001", NOW.minusSeconds(600)));
    requests.add(resume("r2", List.of("gpu-001"), new ResumeFile.JobNodes(8, "gpu-001")));
    inFlight = new InFlight(Set.of(), Set.of("leaving"), Set.of("leaving"), Set.of("leaving"));

    assertThat(plan())
        .extracting(a -> a.getClass().getSimpleName())
        .containsExactly("Launch", "Ack");
  }

  @Test
  void aSuspendWhileItsProviderIsUnlistedWaitsAndSoDoesALaterResumeOfItsNode() {
    // The listing failed: the instance of gpu-001 is not in the snapshot. Acknowledged now, the
    // suspend would terminate nothing, and the resume would find the old instance next pass.
    unlisted = Set.of("fake");
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    requests.add(release("s1", HookKind.SUSPEND, NOW, "gpu-001"));
    requests.add(resumeAt("r2", NOW.plusMillis(1), 8, "gpu-001"));
    requests.add(resumeAt("r3", NOW.plusMillis(2), 9, "gpu-002"));

    assertThat(plan())
        .noneMatch(a -> a instanceof Action.Ack ack && !ack.requestId().equals("r3"))
        .noneMatch(a -> a instanceof Action.Terminate)
        .anySatisfy(
            a ->
                assertThat(a)
                    .isInstanceOfSatisfying(
                        Action.Launch.class,
                        l -> assertThat(l.nodes()).containsExactly("gpu-002")));

    unlisted = Set.of();
    instances.add(instance("old", "gpu-001", NOW.minusSeconds(600)));
    requests.removeIf(r -> r.id().equals("r3"));

    assertThat(plan())
        .extracting(a -> a.getClass().getSimpleName())
        .containsExactly("Terminate", "Ack", "Launch", "Ack");
  }

  @Test
  void aSuspendThenALaterResumeOfOneNodeTerminatesItsInstanceAndLaunchesAFreshOne() {
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    instances.add(instance("old", "gpu-001", NOW.minusSeconds(600)));
    requests.add(resumeAt("r2", NOW.plusMillis(1), 8, "gpu-001"));
    requests.add(release("s1", HookKind.SUSPEND, NOW, "gpu-001"));

    List<Action> actions = plan();

    assertThat(actions)
        .extracting(a -> a.getClass().getSimpleName())
        .containsExactly("Terminate", "Ack", "Launch", "Ack");
    assertThat(actions.get(0))
        .isEqualTo(new Action.Terminate(List.of("old"), "slurm suspend of gpu-001"));
    assertThat(actions.get(2))
        .isInstanceOfSatisfying(
            Action.Launch.class, l -> assertThat(l.nodes()).containsExactly("gpu-001"));
  }

  @Test
  void aResumeThenALaterSuspendOfOneNodeLaunchesNothing() {
    nodes.add(node("gpu-002", "mixed", "CLOUD", "POWERING_UP"));
    requests.add(resumeAt("r1", NOW, 7, "gpu-002"));
    requests.add(release("s2", HookKind.SUSPEND, NOW.plusMillis(1), "gpu-002"));

    assertThat(plan())
        .containsExactly(
            new Action.Ack("r1", "resume acted on"), new Action.Ack("s2", "suspend acted on"));
  }

  @Test
  void requestsAreTakenInTheOrderSlurmMadeThem() {
    nodes.add(node("gpu-002", "idle", "CLOUD", "POWERED_DOWN"));
    nodes.add(node("gpu-003", "idle", "CLOUD", "POWERED_DOWN"));
    requests.add(release("s-late", HookKind.SUSPEND, NOW.plusSeconds(2), "gpu-002"));
    requests.add(release("s-b", HookKind.SUSPEND, NOW, "gpu-003"));
    requests.add(release("s-a", HookKind.SUSPEND, NOW, "gpu-003"));

    assertThat(plan())
        .extracting(a -> ((Action.Ack) a).requestId())
        .containsExactly("s-a", "s-b", "s-late");
  }
}
