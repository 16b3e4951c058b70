package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.standby.FileLease;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two controllers on one in-memory cloud, Slurm and spool, fenced by one {@link FileLease}: only
 * the holder acts, and a holder that lost the lease acts on nothing it planned before.
 */
class ControllerFenceTest extends ControllerFixture {
  static final Duration LEASE = Duration.ofSeconds(15);

  @TempDir Path leaseDir;

  FileLease lease(String holder) {
    return new FileLease(leaseDir, holder, LEASE, Duration.ofSeconds(3), clock);
  }

  Controller fenced(Fence fence) {
    return newController(NodeCredentials.NONE, new StratusMetrics(), fence);
  }

  @Test
  void aControllerThatDoesNotHoldTheLeaseNeitherLaunchesNorAcknowledges() {
    lease("other").acquire(Duration.ZERO);
    controller.close();
    controller = fenced(lease("me"));
    slurmResumes("r1", 42, "gpu-001");

    assertThat(pass()).isEmpty();
    assertThat(cloud.alive()).isEmpty();
    assertThat(spool.pending()).hasSize(1);
  }

  @Test
  void aLeaderThatLosesTheLeaseBetweenPlanningAndActingTakesNoneOfItsActions() {
    AtomicInteger checks = new AtomicInteger();
    Fence pausedAfterPlanning =
        new Fence() {
          @Override
          public OptionalLong term() {
            return OptionalLong.of(1);
          }

          @Override
          public boolean holds(long term) {
            return checks.incrementAndGet() < 0;
          }
        };
    controller.close();
    controller = fenced(pausedAfterPlanning);
    slurmResumes("r1", 42, "gpu-001", "gpu-002");

    assertThat(pass()).isNotEmpty(); // it planned a launch and an Ack
    assertThat(checks.get()).isPositive();
    assertThat(cloud.alive()).isEmpty();
    assertThat(spool.pending()).hasSize(1);
  }

  @Test
  void aLaunchWhoseLeaseRunsOutWhileItsCallIsHeldTriesNoOtherOfferingAndSetsNothingDown() {
    FileLease mine = lease("me");
    mine.acquire(Duration.ZERO);
    controller.close();
    controller = fenced(mine);
    cloud.exhaust(SPOT.key());
    cloud.exhaust(ON_DEMAND.key());
    cloud.holdLaunches();
    slurmResumes("r1", 42, "gpu-001");
    controller.runPass();
    await().until(() -> cloud.launchesHeld() == 1);

    clock.add(LEASE); // paused past its lease; the standby takes over
    assertThat(lease("standby").acquire(Duration.ZERO)).isTrue();
    cloud.releaseLaunches();
    awaitCloud(controller);

    assertThat(cloud.calls()).filteredOn(c -> c.startsWith("launch")).hasSize(1);
    assertThat(slurm.calls()).noneMatch(c -> c.startsWith("down"));
    assertThat(spool.pending()).hasSize(1); // the standby's pass replays it
  }

  @Test
  void theStandbyThatTakesOverReplaysAnUnacknowledgedLaunchWithoutASecondInstance() {
    FileLease first = lease("first");
    first.acquire(Duration.ZERO);
    controller.close();
    controller = fenced(first);
    slurmResumes("r1", 42, "gpu-001", "gpu-002");
    onePass(); // launched; the pass that would acknowledge it never runs: the leader dies
    assertThat(cloud.alive()).hasSize(2);
    controller.close();

    clock.add(LEASE);
    FileLease second = lease("second");
    assertThat(second.acquire(Duration.ZERO)).isTrue();
    controller = fenced(second);
    pass();

    assertThat(cloud.alive()).hasSize(2);
    assertThat(spool.pending()).isEmpty();
  }
}
