package dev.stratus.core.controller;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.slurm.SlurmCommandException;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.testkit.fake.FakeNodeProvider;
import dev.stratus.wire.InterruptionNotice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The notice lane on its own thread, on the real clock: nothing but a notice wakes it. */
class NoticeLaneTest {
  static final Offering SPOT = offering("fake", "a", CapacityType.SPOT, "30");
  static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir Path checkpoints;

  final Clock clock = Clock.systemUTC();
  final FakeSlurm slurm = new FakeSlurm();
  final StuckNodes stuck = new StuckNodes(slurm);
  final FakeNodeProvider cloud = new FakeNodeProvider("fake", List.of(SPOT), clock);
  final InMemoryRequests spool = new InMemoryRequests();
  Controller controller;
  String instance;

  @AfterEach
  void close() {
    stuck.release();
    controller.close();
  }

  /** Job 42 runs on gpu-001 (launched by one pass); the lane is started, no pass runs after. */
  void jobRunning(Duration grace, String checkpointDir) {
    slurm.cloudNodes(List.of("gpu-001"));
    var config =
        Fixtures.withSpot(
            Fixtures.config(List.of(pool("gpu", 1, SPOT)), "fake"),
            new SpotSettings("USR1", grace, Duration.ofSeconds(5), false, "", checkpointDir));
    controller =
        new Controller(
            ControllerParts.builder(
                    config, stuck, Map.<String, NodeProvider>of("fake", cloud), spool, clock)
                .credentials(NodeCredentials.NONE)
                .build());
    spool.resume(slurm, clock.instant(), "r1", 42, "gpu-001");
    controller.runPass();
    ControllerFixture.awaitCloud(controller);
    slurm.registered("gpu-001");
    slurm.addJob(Fixtures.runningJob(42, "gpu-001", 1, clock.instant()));
    instance = cloud.alive().get(0).id();
    controller.start();
  }

  void reclaimNotice() {
    controller.receive(
        new InterruptionNotice(
            instance,
            InterruptionNotice.Kind.RECLAIM,
            clock.instant().plusSeconds(120),
            clock.instant()));
  }

  @Test
  void aNoticeIsActedOnWhileAPassIsStuckOnSlurm() {
    jobRunning(Duration.ofMinutes(10), "");
    stuck.hold();
    CompletableFuture<?> pass = CompletableFuture.runAsync(controller::runPass);
    await().atMost(WAIT).until(stuck::holding);

    reclaimNotice();

    await().atMost(WAIT).untilAsserted(() -> assertThat(slurm.calls()).contains("signal 42 USR1"));
    assertThat(pass).isNotDone();
  }

  @Test
  void aJobIsRequeuedWhenItsGraceEndsWithNoPassRunning() {
    jobRunning(Duration.ofSeconds(1), "");

    reclaimNotice();

    await().atMost(WAIT).untilAsserted(() -> assertThat(slurm.calls()).contains("requeue 42"));
    assertThat(slurm.calls()).containsSubsequence("signal 42 USR1", "requeue 42");
  }

  @Test
  void aJobIsRequeuedOnceItsCheckpointLandsNotAtTheEndOfItsGrace() throws Exception {
    jobRunning(Duration.ofMinutes(10), checkpoints.toString());
    reclaimNotice();
    await().atMost(WAIT).untilAsserted(() -> assertThat(slurm.calls()).contains("signal 42 USR1"));
    assertThat(slurm.calls()).doesNotContain("requeue 42");

    Files.createDirectories(checkpoints.resolve("42"));
    Files.writeString(checkpoints.resolve("42/ckpt"), "17");

    await().atMost(WAIT).untilAsserted(() -> assertThat(slurm.calls()).contains("requeue 42"));
  }

  @Test
  void aFailedRequeueIsAskedAgainByTheLaneItself() {
    jobRunning(Duration.ofSeconds(1), "");
    slurm.failNextRequeue(new SlurmCommandException("scontrol requeue 42: timed out"));

    reclaimNotice();

    await().atMost(WAIT).untilAsserted(() -> assertThat(slurm.calls()).contains("requeue 42"));
    assertThat(slurm.calls()).containsSubsequence("requeue 42 failed", "requeue 42");
  }

  /** Slurm whose node listing can be made to hang (only the pass lists nodes). */
  static final class StuckNodes implements SlurmClient {
    private final FakeSlurm slurm;
    private volatile CountDownLatch gate = new CountDownLatch(0);
    private volatile boolean holding;

    StuckNodes(FakeSlurm slurm) {
      this.slurm = slurm;
    }

    void hold() {
      gate = new CountDownLatch(1);
    }

    void release() {
      gate.countDown();
    }

    boolean holding() {
      return holding;
    }

    @Override
    public List<SlurmNode> nodes() {
      holding = gate.getCount() > 0;
      try {
        gate.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return slurm.nodes();
    }

    @Override
    public List<SlurmJob> jobs() {
      return slurm.jobs();
    }

    @Override
    public void setDown(Collection<String> nodes, String reason) {
      slurm.setDown(nodes, reason);
    }

    @Override
    public void resume(Collection<String> nodes) {
      slurm.resume(nodes);
    }

    @Override
    public void powerDownForce(Collection<String> nodes, String reason) {
      slurm.powerDownForce(nodes, reason);
    }

    @Override
    public void drain(Collection<String> nodes, String reason) {
      slurm.drain(nodes, reason);
    }

    @Override
    public void requeue(long jobId) {
      slurm.requeue(jobId);
    }

    @Override
    public void signalBatch(long jobId, String signal) {
      slurm.signalBatch(jobId, signal);
    }

    @Override
    public void reconfigure() {
      slurm.reconfigure();
    }

    @Override
    public Map<String, String> topologyLeaves(String name) {
      return slurm.topologyLeaves(name);
    }

    @Override
    public void setTopology(Collection<String> nodes, String topology, List<String> switchPath) {
      slurm.setTopology(nodes, topology, switchPath);
    }

    @Override
    public void setFeatures(Collection<String> nodes, Collection<String> features) {
      slurm.setFeatures(nodes, features);
    }
  }
}
