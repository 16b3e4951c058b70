package dev.stratus.cli.runtime;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.core.controller.Controller;
import dev.stratus.core.model.CapacityType;
import dev.stratus.core.model.Offering;
import dev.stratus.core.notice.SpotSettings;
import dev.stratus.core.spi.NodeProvider;
import dev.stratus.core.testing.FakeNodeProvider;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.wire.InterruptionNotice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The daemon on real Quartz and the real clock. */
class ControllerDaemonTest {
  static final Offering SPOT = offering("fake", "a", CapacityType.SPOT, "30");

  @TempDir Path checkpoints;

  final Clock clock = Clock.systemUTC();
  final FakeSlurm slurm = new FakeSlurm();
  final FakeNodeProvider cloud = new FakeNodeProvider("fake", List.of(SPOT), clock);
  final InMemoryRequests spool = new InMemoryRequests();

  /** A controller with job 42 running on gpu-001, whose instance got a reclaim notice. */
  Controller noticedJob(Duration grace, String checkpointDir) {
    slurm.cloudNodes(List.of("gpu-001"));
    var config =
        Fixtures.withSpot(
            Fixtures.config(List.of(pool("gpu", 1, SPOT)), "fake"),
            new SpotSettings("USR1", grace, Duration.ofSeconds(5), false, "", checkpointDir));
    Controller controller =
        new Controller(config, slurm, Map.<String, NodeProvider>of("fake", cloud), spool, clock);
    spool.resume(slurm, clock.instant(), "r1", 42, "gpu-001");
    controller.runPass();
    slurm.registered("gpu-001");
    slurm.addJob(Fixtures.runningJob(42, "gpu-001", 1, clock.instant()));
    String instance = cloud.alive().get(0).id();
    controller.receive(
        new InterruptionNotice(
            instance,
            InterruptionNotice.Kind.RECLAIM,
            clock.instant().plusSeconds(120),
            clock.instant()));
    return controller;
  }

  @Test
  void aJobIsRequeuedWhenItsGraceEndsNotAtTheNextReconcileInterval() {
    Controller controller = noticedJob(Duration.ofSeconds(1), "");

    // An hour between reconcile passes: only the pass due at the grace's end can requeue.
    try (ControllerDaemon daemon = new ControllerDaemon(controller, Duration.ofHours(1))) {
      daemon.start();

      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() -> assertThat(slurm.calls()).contains("requeue 42"));
    }
    assertThat(slurm.calls()).containsSubsequence("signal 42 USR1", "requeue 42");
  }

  @Test
  void aJobIsRequeuedOnceItsCheckpointLandsNotAtTheEndOfItsGrace() throws Exception {
    Controller controller = noticedJob(Duration.ofMinutes(10), checkpoints.toString());

    try (ControllerDaemon daemon = new ControllerDaemon(controller, Duration.ofHours(1))) {
      daemon.start();
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() -> assertThat(slurm.calls()).contains("signal 42 USR1"));
      assertThat(slurm.calls()).doesNotContain("requeue 42");

      Files.createDirectories(checkpoints.resolve("42"));
      Files.writeString(checkpoints.resolve("42/ckpt"), "17");

      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() -> assertThat(slurm.calls()).contains("requeue 42"));
    }
  }
}
