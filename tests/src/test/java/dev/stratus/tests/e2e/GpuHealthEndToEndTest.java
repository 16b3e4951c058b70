package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.sandbox.demo.CheckpointLog;
import dev.stratus.tests.support.CheckpointJobs;
import dev.stratus.tests.support.E2eCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * GPU health on the real Slurm: the pool checks GPU health (level 1) and every local node runs the
 * real watcher against its fake nvidia-smi; faults are injected with {@code stratus local fault}. A
 * condition that asks for a drain after the job (hardware throttling) drains the node and kills
 * nothing; a hung nvidia-smi neither blocks the watcher nor drains a healthy node; an XID 79 under
 * a checkpointing job requeues it onto a new node within seconds. (A failed admission check and the
 * idle-GPU policy are in {@link GpuHealthDemoEndToEndTest}.)
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("slurm")
class GpuHealthEndToEndTest {
  static final Duration SLURM_WAIT = Duration.ofSeconds(150);
  static final int CKPT_EVERY = 5;
  static final String GPU_HEALTH =
      "    gpuHealth: {level: 1, timeout: 20s, watchInterval: 2s, strikes: 3, grace: 30s,"
          + " idle: {enabled: false}}\n";

  static E2eCluster e2e;
  static CheckpointJobs jobs;

  @BeforeAll
  static void startCluster() throws Exception {
    e2e = E2eCluster.start("gpuh", 3);
    Path yaml = e2e.cluster.configFile();
    String text = Files.readString(yaml);
    int at = text.indexOf("    offerings:\n");
    Files.writeString(yaml, text.substring(0, at) + GPU_HEALTH + text.substring(at));
    e2e.restartController(ConfigLoader.load(yaml));
    jobs = new CheckpointJobs(e2e.cluster);
  }

  @AfterAll
  static void tearDown() {
    if (e2e != null) {
      e2e.close();
    }
  }

  @BeforeEach
  void poweredDown() {
    e2e.awaitAllSuspended(SLURM_WAIT);
  }

  @Test
  @Order(1)
  void throttlingDrainsTheNodeAfterItsJobAndKillsNothing() {
    String job = jobs.submit(1, 30, CKPT_EVERY);
    String node = awaitProgress(job, 3);
    Set<String> reasons = new ConcurrentSkipListSet<>();

    assertThat(jobs.fault(node, "--throttle", "--gpu", "2")).isZero();

    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> reasonOf(node).contains("gpu fault"));
    reasons.add(reasonOf(node));
    assertThat(reasons)
        .singleElement()
        .satisfies(r -> assertThat(r).contains("throttle").contains("drain-after-job"));
    assertThat(e2e.job(job).orElseThrow().state()).isEqualTo("RUNNING");

    awaitDone(job);
    CheckpointLog run = jobs.log(job);
    assertThat(run.done()).isTrue();
    assertThat(run.resumes()).as("the job was never requeued").isEmpty();
    assertThat(run.signalled()).as("nor signalled").isFalse();
    // then the node goes: powered down, its instance terminated, the drain lifted
    e2e.awaitAllSuspended(SLURM_WAIT);
  }

  @Test
  @Order(2)
  void aHungNvidiaSmiNeitherBlocksTheWatcherNorDrainsAHealthyNode() {
    String job = jobs.submit(1, 25, CKPT_EVERY);
    String node = awaitProgress(job, 3);
    Set<String> reasons = new ConcurrentSkipListSet<>();

    assertThat(jobs.fault(node, "--hang")).isZero();

    await()
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              reasons.add(reasonOf(node));
              return e2e.job(job).map(j -> !j.state().equals("RUNNING")).orElse(true);
            });
    awaitDone(job);
    assertThat(reasons).noneMatch(r -> r.contains("gpu fault"));
    assertThat(jobs.log(job).resumes()).isEmpty();
    assertThat(jobs.log(job).signalled()).isFalse();
  }

  @Test
  @Order(3)
  void anXid79RequeuesTheCheckpointingJobOntoANewNodeInSeconds() {
    String job = jobs.submit(1, 40, CKPT_EVERY);
    String node = awaitProgress(job, 3);

    Instant injected = Instant.now();
    assertThat(jobs.fault(node, "--xid", "79", "--gpu", "3")).isZero();

    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> e2e.job(job).map(SlurmJob::restartCount).orElse(0) >= 1);
    Duration toRequeue = Duration.between(injected, Instant.now());
    System.out.printf(
        "gpu-health e2e: XID 79 written -> job requeued in %d ms%n", toRequeue.toMillis());
    assertThat(toRequeue).isLessThan(Duration.ofSeconds(30));

    awaitDone(job);
    CheckpointLog run = jobs.log(job);
    assertThat(run.signalled()).isTrue();
    assertThat(run.resumes()).isNotEmpty();
    assertThat(run.maxStepsLost()).isLessThanOrEqualTo(CKPT_EVERY);
  }

  // ---- helpers ----

  static String reasonOf(String node) {
    return e2e.nodes().stream()
        .filter(n -> n.name().equals(node))
        .map(SlurmNode::reason)
        .findFirst()
        .orElse("");
  }

  /** Waits until the job runs and has done {@code steps} steps; its node. */
  static String awaitProgress(String job, int steps) {
    await()
        .atMost(SLURM_WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () ->
                e2e.job(job).map(j -> j.state().equals("RUNNING")).orElse(false)
                    && jobs.log(job).lastStep() >= steps);
    return e2e.job(job).orElseThrow().nodes();
  }

  static void awaitDone(String job) {
    await()
        .atMost(Duration.ofSeconds(300))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> jobs.log(job).done());
  }
}
