package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.sandbox.demo.CheckpointLog;
import dev.stratus.tests.support.CheckpointJobs;
import dev.stratus.tests.support.E2eCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * GPU health on the real Slurm: the pool checks GPU health (level 1) and every local node runs the
 * real watcher against its fake nvidia-smi; faults are injected with {@code stratus local fault}. A
 * condition that asks for a drain after the job (hardware throttling) drains the node and kills
 * nothing; a hung nvidia-smi neither blocks the watcher nor drains a healthy node; an XID 79 under
 * a checkpointing job requeues it onto a new node within seconds. (A failed admission check and the
 * idle-GPU policy are in {@link GpuHealthDemoEndToEndTest}.)
 */
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

  /**
   * Two jobs side by side: one node's GPUs throttle (hardware slowdown and its temperature, both
   * drain-after-job), the other's nvidia-smi hangs. The first node is drained while its job runs on
   * to the end and is then powered down; the second is never drained; neither job is signalled or
   * requeued.
   */
  @Test
  void aThrottledNodeDrainsAfterItsJobAndAHungNvidiaSmiDrainsNothing() {
    // Long enough to outlast the strikes (3 polls of 2 s) with steps to spare: the drain must come
    // while the job runs.
    String throttled = jobs.submit(1, 45, CKPT_EVERY);
    String hung = jobs.submit(1, 30, CKPT_EVERY);
    String throttledNode = awaitProgress(throttled, 3);
    String hungNode = awaitProgress(hung, 3);
    Set<String> hungReasons = new ConcurrentSkipListSet<>();

    assertThat(jobs.fault(throttledNode, "--throttle", "--gpu", "2")).isZero();
    assertThat(jobs.fault(hungNode, "--hang")).isZero();

    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              hungReasons.add(reasonOf(hungNode));
              return reasonOf(throttledNode).contains("gpu fault");
            });
    assertThat(reasonOf(throttledNode))
        .contains("GPU 00000000:3A:00.0")
        .containsAnyOf("throttle", "temperature")
        .endsWith("drain-after-job");
    assertThat(e2e.job(throttled).orElseThrow().state()).isEqualTo("RUNNING");

    await()
        .atMost(Duration.ofSeconds(300))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              hungReasons.add(reasonOf(hungNode));
              return jobs.log(throttled).done() && jobs.log(hung).done();
            });
    for (String job : List.of(throttled, hung)) {
      CheckpointLog run = jobs.log(job);
      assertThat(run.resumes()).as("job %s was never requeued", job).isEmpty();
      assertThat(run.signalled()).as("nor signalled").isFalse();
    }
    assertThat(hungReasons).noneMatch(r -> r.contains("gpu fault"));
    // the drained node goes too: powered down, its instance terminated, the drain lifted
    e2e.awaitAllSuspended(SLURM_WAIT);
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
