package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Instance;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.SpoolRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Hook requests are carried out in the order slurmctld made them, so a node ends as the last
 * request for it says, whatever else the same pass holds or a launch in flight still does.
 */
class RequestOrderTest extends ControllerFixture {
  @AfterEach
  void letHeldLaunchesGo() {
    cloud.releaseLaunches();
    cloud.releaseTerminations();
  }

  void suspendRequest(String id, String node, Instant at) {
    spool.add(new SpoolRequest(id, HookKind.SUSPEND, List.of(node), List.of(), at));
  }

  List<Instance> on(String node) {
    return cloud.alive().stream().filter(i -> i.nodeName().orElse("").equals(node)).toList();
  }

  @Test
  void aSuspendAndALaterResumeOfTheSameNodeInOnePassEndOnAFreshInstance() {
    Instance old = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    slurm.removeJob(42);
    pass();
    clock.add(Duration.ofMinutes(1)); // the node idled, then Slurm suspended it
    suspendRequest("s1", "gpu-001", clock.instant());
    spool.resume(slurm, clock.instant().plusMillis(1), "r2", 43, "gpu-001");

    pass();

    assertThat(on("gpu-001"))
        .singleElement()
        .satisfies(i -> assertThat(i.id()).isNotEqualTo(old.id()));
    assertThat(cloud.alive()).extracting(Instance::id).doesNotContain(old.id());
    assertThat(spool.pending()).isEmpty();
  }

  @Test
  void aResumeAndALaterSuspendOfTheSameNodeInOnePassEndTerminated() {
    // Slurm still shows the node powering up: the requests' order decides, not that state.
    spool.resume(slurm, clock.instant(), "r1", 7, "gpu-002");
    suspendRequest("s2", "gpu-002", clock.instant().plusMillis(1));

    pass();

    assertThat(on("gpu-002")).isEmpty();
    assertThat(cloud.requests()).isEmpty();
    assertThat(spool.pending()).isEmpty();
  }

  @Test
  void requestsAreTakenInTheOrderSlurmMadeThemNotTheOrderTheSpoolListsThem() {
    suspendRequest("s2", "gpu-002", clock.instant().plusMillis(1)); // listed first, made later
    spool.resume(slurm, clock.instant(), "r1", 7, "gpu-002");

    pass();

    assertThat(on("gpu-002")).isEmpty();
  }

  @Test
  void aSuspendOfANodeWhoseLaunchIsInFlightWaitsForItThenTerminatesIt() {
    cloud.holdLaunches();
    slurmResumes("r1", 7, "gpu-003");
    controller.runPass();
    await().until(() -> cloud.launchesHeld() == 1);
    slurm.cloudNodes(List.of("gpu-003")); // the job was cancelled: Slurm suspends the node
    suspendRequest("s2", "gpu-003", clock.instant().plusMillis(1));

    controller.runPass();
    assertThat(spool.pending()).extracting(SpoolRequest::id).containsExactly("r1", "s2");

    cloud.releaseLaunches();
    awaitCloud(controller);
    pass();

    assertThat(on("gpu-003")).isEmpty();
    assertThat(spool.pending()).isEmpty();
  }

  @Test
  void aSuspendStaysInTheSpoolUntilItsTerminationEndedSoAControllerKilledMeanwhileReplaysIt() {
    Instance old = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    slurm.removeJob(42);
    pass();
    clock.add(Duration.ofMinutes(1));
    cloud.holdTerminations();
    suspendRequest("s1", "gpu-001", clock.instant());

    controller.runPass();
    await().until(() -> cloud.terminationsHeld() == 1);
    // A kill -9 now loses the termination: the suspend must still be there to be replayed.
    assertThat(spool.pending()).extracting(SpoolRequest::id).containsExactly("s1");
    controller.runPass();
    assertThat(spool.pending()).extracting(SpoolRequest::id).containsExactly("s1");

    cloud.releaseTerminations();
    awaitCloud(controller);
    pass();

    assertThat(cloud.alive()).extracting(Instance::id).doesNotContain(old.id());
    assertThat(spool.pending()).isEmpty();
  }
}
