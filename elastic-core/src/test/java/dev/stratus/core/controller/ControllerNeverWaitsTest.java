package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.core.plan.Action;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.wire.InterruptionNotice;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * A launch held by a slow cloud (an ARM create waits up to 15 minutes) holds up nothing but itself:
 * passes, notices, suspends and garbage collection go on, the node is neither launched twice nor
 * taken for one whose instance is gone, and its request is acknowledged only once it has landed.
 */
class ControllerNeverWaitsTest extends ControllerFixture {
  @AfterEach
  void letHeldLaunchesGo() {
    cloud.releaseLaunches();
  }

  @Test
  void aPassReturnsWhileItsLaunchIsHeldAndThePassAfterItLandsAcknowledgesTheRequest() {
    cloud.holdLaunches();
    slurmResumes("r1", 7, "gpu-001");

    List<Action> actions = assertTimeoutPreemptively(Duration.ofSeconds(5), controller::runPass);

    assertThat(actions).anyMatch(a -> a instanceof Action.Launch);
    await().until(() -> cloud.launchesHeld() == 1);
    assertThat(spool.pending()).hasSize(1);
    cloud.releaseLaunches();
    awaitCloud(controller);
    assertThat(cloud.alive()).hasSize(1);
    pass();
    assertThat(spool.pending()).isEmpty();
  }

  @Test
  void whileALaunchIsHeldANoticeIsActedOnASuspendTerminatesAndAnOrphanIsCollected() {
    Instance noticed = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    Instance suspended = jobRunning(44, "gpu-004", Duration.ofMinutes(10));
    Instance orphan = cloud.inject(SPOT.key(), Map.of(Tags.CLUSTER, "test", Tags.NODE, "gpu-003"));
    cloud.holdLaunches();
    slurmResumes("r2", 7, "gpu-002");
    controller.runPass();
    await().until(() -> cloud.launchesHeld() == 1);

    notice(noticed, InterruptionNotice.Kind.RECLAIM, Duration.ofSeconds(120));
    assertTimeoutPreemptively(Duration.ofSeconds(5), this::noticeRun);
    assertThat(slurm.calls()).contains("signal 42 USR1");

    slurm.removeJob(44);
    slurm.cloudNodes(List.of("gpu-004")); // Slurm suspended it
    spool.add(
        new SpoolRequest("s3", HookKind.SUSPEND, List.of("gpu-004"), List.of(), clock.instant()));
    clock.add(Fixtures.TIMEOUTS.orphanGrace());
    assertTimeoutPreemptively(Duration.ofSeconds(5), controller::runPass);

    await()
        .untilAsserted(
            () ->
                assertThat(cloud.alive())
                    .extracting(Instance::id)
                    .doesNotContain(suspended.id(), orphan.id()));
    // the suspend is acknowledged by the pass after its termination ended, the launch still held
    assertTimeoutPreemptively(Duration.ofSeconds(5), controller::runPass);
    assertThat(spool.pending()).extracting(SpoolRequest::id).containsExactly("r2");
    assertThat(cloud.launchesHeld()).isEqualTo(1);
  }

  @Test
  void aNodeWithALaunchInFlightIsNeitherLaunchedAgainNorSetDownNorIsItsRequestAcknowledged() {
    cloud.holdLaunches();
    slurmResumes("r1", 7, "gpu-001");
    controller.runPass();
    await().until(() -> cloud.launchesHeld() == 1);
    slurm.registered("gpu-001"); // a VM can boot and register before its create call returns

    List<Action> meanwhile = controller.runPass();

    assertThat(meanwhile)
        .noneMatch(
            a ->
                a instanceof Action.Launch
                    || a instanceof Action.InstanceGone
                    || a instanceof Action.SetDown);
    assertThat(spool.pending()).hasSize(1);
    cloud.releaseLaunches();
    awaitCloud(controller);
    pass();
    assertThat(cloud.requests()).hasSize(1);
    assertThat(cloud.alive()).hasSize(1);
    assertThat(spool.pending()).isEmpty();
    assertThat(slurm.node("gpu-001").down()).isFalse();
  }

  @Test
  void aLaunchPastItsTimeLimitIsAbandonedCountedAndFoundAgainUnderItsClientToken() {
    controller.close();
    controller = withLaunchLimit(Duration.ofMillis(300));
    cloud.holdLaunches();
    slurmResumes("r1", 7, "gpu-001");

    controller.runPass();
    await().atMost(Duration.ofSeconds(5)).until(() -> abandonedLaunches() == 1);
    assertThat(spool.pending()).hasSize(1);
    controller.runPass(); // replays the request: the same token, while the first is still held
    await().until(() -> cloud.launchesHeld() == 2);
    cloud.releaseLaunches(); // the cloud finishes both calls; the second finds the first's work
    await().until(() -> cloud.requests().size() == 2 && controller.cloudTasks().idle());
    pass();

    assertThat(cloud.alive()).hasSize(1);
    assertThat(cloud.requests()).extracting(LaunchRequest::clientToken).containsOnly(token());
    assertThat(spool.pending()).isEmpty();
  }

  /**
   * The launch may end before the pass reaches the request's Ack: the request stays all the same.
   */
  @RepeatedTest(50)
  void aLaunchDeferredAtOnceLeavesItsRequestForTheNextPass() {
    cloud.failNextLaunch(new ProviderError.Throttled("RequestLimitExceeded", "slow down"));
    slurmResumes("r1", 7, "gpu-001");

    onePass();

    assertThat(cloud.alive()).isEmpty();
    assertThat(spool.pending()).extracting(SpoolRequest::id).containsExactly("r1");
  }

  private String token() {
    return cloud.requests().get(0).clientToken();
  }

  private double abandonedLaunches() {
    var counter =
        controller
            .metrics()
            .registry()
            .find("stratus.cloud.tasks.abandoned")
            .tags("provider", "fake", "kind", "launch")
            .counter();
    return counter == null ? 0 : counter.count();
  }
}
