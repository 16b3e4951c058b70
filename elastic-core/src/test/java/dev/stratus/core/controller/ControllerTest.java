package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.wire.BootstrapReport;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeState;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** The controller against the in-memory cloud and Slurm. */
class ControllerTest extends ControllerFixture {
  @Test
  void resumeLaunchesTaggedInstancesAndThePassAfterTheLaunchDeletesTheRequest() {
    slurmResumes("r1", 42, "gpu-001", "gpu-002");

    onePass();
    assertThat(spool.pending()).hasSize(1); // acknowledged only once no launch of it is in flight
    onePass(); // the pass the launch's end asks for

    assertThat(cloud.alive())
        .extracting(i -> i.tags().get(Tags.NODE), i -> i.tags().get(Tags.JOB), Instance::offering)
        .containsExactlyInAnyOrder(
            Tuple.tuple("gpu-001", "42", SPOT.key()), Tuple.tuple("gpu-002", "42", SPOT.key()));
    assertThat(spool.pending()).isEmpty();
    assertThat(controller.metrics().nodesLaunched()).isEqualTo(2);
  }

  @Test
  void exhaustedOfferingFallsBackToTheNextAndIsSkippedAfterwards() {
    cloud.exhaust(SPOT.key());
    slurmResumes("r1", 1, "gpu-001", "gpu-002");

    pass();

    assertThat(cloud.alive()).allMatch(i -> i.offering().equals(ON_DEMAND.key())).hasSize(2);
    assertThat(controller.unavailable().current()).containsExactly(SPOT.key());
    slurmResumes("r2", 2, "gpu-003");
    pass();
    assertThat(cloud.calls()).filteredOn(c -> c.contains(SPOT.key().toString())).hasSize(1);
  }

  @Test
  void afterItsTtlAnOfferingIsProbedByOneLaunchAndUsedInFullOnceItWorks() {
    cloud.exhaust(SPOT.key());
    slurmResumes("r1", 1, "gpu-001");
    pass();
    assertThat(controller.unavailable().current()).containsExactly(SPOT.key());
    cloud.restore(SPOT.key());
    clock.add(Fixtures.TIMEOUTS.unavailableTtl());
    assertThat(controller.unavailable().probing()).containsExactly(SPOT.key());

    slurmResumes("r2", 2, "gpu-002", "gpu-003");
    pass();
    assertThat(cloud.alive())
        .filteredOn(i -> "2".equals(i.tags().get(Tags.JOB)))
        .allMatch(i -> i.offering().equals(ON_DEMAND.key()));

    slurmResumes("r3", 3, "gpu-004");
    pass();
    assertThat(cloud.alive())
        .filteredOn(i -> "3".equals(i.tags().get(Tags.JOB)))
        .extracting(Instance::offering)
        .containsExactly(SPOT.key());
    assertThat(controller.unavailable().probing()).isEmpty();
  }

  @Test
  void aNodeThatRegisteredShortIsTerminatedAndItsOfferingIsNeverTriedAgain() {
    slurmResumes("r1", 1, "gpu-001");
    pass();
    slurm.put(
        new SlurmNode(
            "gpu-001",
            "idle",
            Set.of("CLOUD", "DRAIN", "INVALID_REG"),
            "Low RealMemory (reported:1900000 < 100.00% of configured:2048000)",
            "",
            "gpu:h100:8",
            List.of("gpu")));

    pass();

    assertThat(cloud.alive()).isEmpty();
    assertThat(slurm.node("gpu-001").down()).isTrue();
    assertThat(slurm.node("gpu-001").reason())
        .startsWith("stratus: registered short of pool gpu: 1900000 MiB memory < 2048000");
    assertThat(controller.unavailable().invalid()).containsExactly(SPOT.key());
    clock.add(Fixtures.TIMEOUTS.unavailableTtl().multipliedBy(20));
    slurmResumes("r2", 2, "gpu-002");
    pass();
    assertThat(cloud.alive()).extracting(Instance::offering).containsExactly(ON_DEMAND.key());
  }

  @Test
  void noCapacityAnywhereSetsNodesDownWithTheCloudErrorThenReturnsThemToIdle() {
    cloud.exhaust(SPOT.key());
    cloud.exhaust(ON_DEMAND.key());
    slurmResumes("r1", 1, "gpu-001");

    pass();

    assertThat(cloud.alive()).isEmpty();
    assertThat(slurm.node("gpu-001").down()).isTrue();
    assertThat(slurm.node("gpu-001").reason())
        .startsWith("stratus: launch failed: InsufficientInstanceCapacity");

    pass(); // acknowledges the request; the first pass that sees it DOWN starts the hold
    assertThat(spool.pending()).isEmpty();
    clock.add(Fixtures.TIMEOUTS.downHold());
    pass(); // not yet powered down: force it
    pass(); // powered down: resume → idle~
    assertThat(slurm.node("gpu-001").shortState()).isEqualTo("idle~");
  }

  @Test
  void throttlingPastTheProvidersRetriesKeepsTheRequestForTheNextPass() {
    cloud.throttleNext(8); // list gives up after 4 attempts, then launch does
    slurmResumes("r1", 1, "gpu-001");

    pass();
    assertThat(cloud.alive()).isEmpty();
    assertThat(spool.pending()).hasSize(1);

    pass();
    assertThat(cloud.alive()).hasSize(1);
    pass();
    assertThat(spool.pending()).isEmpty();
  }

  @Test
  void givingUpOnOneOfferingStillTriesTheNext() {
    cloud.failNextLaunch(new ProviderError.Unauthorized("AuthFailure", "bad key"));
    slurmResumes("r1", 1, "gpu-001");

    pass();

    assertThat(cloud.alive()).extracting(Instance::offering).containsExactly(ON_DEMAND.key());
  }

  @Test
  void restartedControllerReplayingARequestLaunchesNoDuplicate() {
    slurmResumes("r1", 1, "gpu-001", "gpu-002");
    onePass(); // launched; the controller dies before the pass that would delete the request
    controller.close();

    controller = newController();
    pass();

    assertThat(cloud.alive()).hasSize(2);
    assertThat(spool.pending()).isEmpty();
  }

  @Test
  void suspendTerminatesAndOrphansAreCollected() {
    slurmResumes("r1", 1, "gpu-001");
    pass();
    slurm.registered("gpu-001");
    Instance orphan = cloud.inject(SPOT.key(), Map.of(Tags.CLUSTER, "test", Tags.NODE, "gpu-004"));
    Instance otherCluster =
        cloud.inject(SPOT.key(), Map.of(Tags.CLUSTER, "other", Tags.NODE, "gpu-004"));

    slurm.cloudNodes(List.of("gpu-001"));
    spool.add(
        new SpoolRequest("s1", HookKind.SUSPEND, List.of("gpu-001"), List.of(), clock.instant()));
    pass();
    assertThat(cloud.alive()).extracting(Instance::id).contains(orphan.id());

    clock.add(Fixtures.TIMEOUTS.orphanGrace());
    pass();
    assertThat(cloud.alive()).extracting(Instance::id).containsExactly(otherCluster.id());
  }

  @Test
  void aReclaimNoticeSignalsDrainsThenRequeuesAfterTheGraceAndTheJobsNextLaunchAvoidsTheOffering() {
    jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    notice(cloud.alive().get(0), InterruptionNotice.Kind.RECLAIM, Duration.ofSeconds(120));

    noticeRun();
    assertThat(slurm.calls())
        .contains("signal 42 USR1")
        .anyMatch(c -> c.startsWith("drain [gpu-001] stratus: reclaim notice"));
    assertThat(controller.unavailable().current()).containsExactly(SPOT.key());

    clock.add(Duration.ofSeconds(30));
    noticeRun();
    assertThat(slurm.calls()).contains("requeue 42").noneMatch(c -> c.startsWith("power_down"));

    slurm.removeJob(42); // Slurm requeued it: pending again, off the node
    noticeRun();
    assertThat(slurm.calls()).anyMatch(c -> c.startsWith("power_down_force [gpu-001]"));
    assertThat(controller.notices().pending()).isEmpty();

    slurmResumes("r2", 42, "gpu-002");
    pass();
    assertThat(cloud.alive())
        .filteredOn(i -> "gpu-002".equals(i.tags().get(Tags.NODE)))
        .extracting(Instance::offering)
        .containsExactly(ON_DEMAND.key());
  }

  @Test
  void aNoticedNodeMayGoOnlyOnceItsJobWasRequeuedAndStillWhenTheNoticeIsDone() {
    Instance spot = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    notice(spot, InterruptionNotice.Kind.RECLAIM, Duration.ofSeconds(120));
    NoticeState received = controller.notices().state(spot.id());

    noticeRun(); // signal
    NoticeState signalled = controller.notices().state(spot.id());
    clock.add(Duration.ofSeconds(30));
    noticeRun(); // requeue
    NoticeState requeued = controller.notices().state(spot.id());
    slurm.removeJob(42);
    noticeRun(); // power down, notice done

    assertThat(List.of(received, signalled, requeued))
        .containsExactly(NoticeState.ACTING, NoticeState.ACTING, NoticeState.RELEASED);
    assertThat(controller.notices().pending()).isEmpty();
    assertThat(controller.notices().state(spot.id())).isEqualTo(NoticeState.RELEASED);
  }

  @Test
  void vanishedInstanceSetsItsNodeDown() {
    slurmResumes("r1", 1, "gpu-001");
    pass();
    slurm.registered("gpu-001");
    cloud.vanish(cloud.alive().get(0).id());

    pass();

    assertThat(slurm.node("gpu-001").down()).isTrue();
    assertThat(slurm.node("gpu-001").reason()).contains("instance gone");
  }

  @Test
  void aSpotInstanceVanishedWithoutNoticeMarksItsOfferingUnavailableAnOnDemandOneDoesNot() {
    slurmResumes("r1", 1, "gpu-001");
    pass();
    slurm.registered("gpu-001");
    cloud.exhaust(SPOT.key());
    slurmResumes("r2", 2, "gpu-002");
    pass(); // job 2 on on-demand
    cloud.restore(SPOT.key());
    controller.unavailable().markAvailable(SPOT.key());
    slurm.registered("gpu-002");
    assertThat(cloud.alive())
        .extracting(Instance::offering)
        .containsExactlyInAnyOrder(SPOT.key(), ON_DEMAND.key());

    cloud.alive().stream()
        .filter(i -> i.offering().equals(ON_DEMAND.key()))
        .forEach(i -> cloud.vanish(i.id()));
    pass();
    assertThat(controller.unavailable().current()).isEmpty();

    cloud.vanish(cloud.alive().get(0).id());
    pass();
    assertThat(controller.unavailable().current()).containsExactly(SPOT.key());
  }

  @Test
  void nodeStuckPoweringUpIsForcedDownAfterTheTimeout() {
    slurm.poweringUp("gpu-002");
    pass();
    clock.add(Duration.ofSeconds(91));

    pass();

    assertThat(slurm.calls()).anyMatch(c -> c.startsWith("power_down_force [gpu-002]"));
    assertThat(slurm.node("gpu-002").poweredDown()).isTrue();
  }

  @Test
  void aNodeReportingAFailedBootstrapStepIsSetDownWithItsReasonAndItsInstanceTerminated() {
    slurmResumes("r1", 7, "gpu-001");
    pass();
    assertThat(cloud.alive()).hasSize(1);

    controller
        .bootstrapReports()
        .add(
            new BootstrapReport(
                "gpu-001", "gpus", false, "gpu: found 7 of 8 h100", "", clock.instant()));
    pass();

    assertThat(slurm.node("gpu-001").down()).isTrue();
    assertThat(slurm.node("gpu-001").reason())
        .isEqualTo("stratus: gpus: node gpu-001: gpu: found 7 of 8 h100");
    assertThat(cloud.alive()).isEmpty();
  }
}
