package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.daemon.ControllerRuntime;
import dev.stratus.sandbox.demo.CheckpointLog;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.tests.support.CheckpointJobs;
import dev.stratus.tests.support.E2eCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Spot reclaims on the real Slurm 22.05 of this machine: each local node serves an IMDSv2 model and
 * runs the real AWS watcher against it; {@code stratus local reclaim} posts the notice there and
 * kills the node when it runs out. The sample checkpointing job must lose at most one checkpoint
 * interval of steps. One shared cluster of eight nodes; each scenario starts from a powered-down
 * cluster. Half of eight nodes reclaimed at once, two of them without a notice (the no-notice path:
 * requeue, resume from the last checkpoint, the reclaim and GPU-seconds-lost counters), is {@link
 * SpotStormEndToEndTest}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("slurm")
class SpotEndToEndTest {
  static final Duration SLURM_WAIT = Duration.ofSeconds(150);
  static final Duration JOB_DONE = Duration.ofSeconds(300);
  static final int CKPT_EVERY = 5;
  static final int NODES = 8;

  static E2eCluster e2e;
  static EmbeddedCluster cluster;
  static ControllerRuntime runtime;
  static NodeProvider local;
  static CheckpointJobs sampleJobs;
  static CliSlurmClient slurm;

  @BeforeAll
  static void startCluster() throws Exception {
    e2e = E2eCluster.start("spot", NODES);
    cluster = e2e.cluster;
    runtime = e2e.runtime();
    local = e2e.local();
    slurm = e2e.slurm;
    sampleJobs = new CheckpointJobs(cluster);
    assertThat(runtime.noticeAddress()).isPresent();
  }

  @AfterAll
  static void tearDown() {
    if (e2e != null) {
      e2e.close();
      assertThat(Files.exists(Path.of("/sys/class/net", cluster.spec().bridge()))).isFalse();
      assertThat(metadataProcessesOfCluster()).isEmpty();
    }
  }

  /** Every scenario starts powered down, with spot capacity available (as after a quiet spell). */
  @BeforeEach
  void poweredDownWithSpotAvailable() {
    awaitAllSuspended();
    for (Offering o : cluster.config().pools().get(0).offerings()) {
      runtime.controller().unavailable().markAvailable(o.key());
    }
  }

  @Test
  @Order(1)
  void reclaimWithNoticeSignalsTheJobWhichCheckpointsIsRequeuedAndResumesOnANewInstance()
      throws Exception {
    String job = submit(1, 45);
    String node = awaitProgress(job, 3).get(0);
    Instance spot = instanceOn(node).orElseThrow();
    assertThat(spot.offering().capacityType()).isEqualTo(CapacityType.SPOT);

    CompletableFuture<Integer> reclaim =
        CompletableFuture.supplyAsync(() -> reclaimCli(node, "30s"));

    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(250))
        .until(() -> log(job).signalled());
    Instant signalled = Instant.now();
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(250))
        .until(() -> job(job).map(SlurmJob::restartCount).orElse(0) >= 1);
    // Requeued once its USR1 checkpoint landed, not after the grace (a requeue by the grace
    // comes grace - 0.25 s after the signal is seen at the earliest).
    Duration signalToRequeue = Duration.between(signalled, Instant.now());
    System.out.printf(
        "spot e2e: USR1 checkpoint seen -> job requeued in %d ms (grace %s)%n",
        signalToRequeue.toMillis(), cluster.config().spot().grace());
    assertThat(signalToRequeue).isLessThan(cluster.config().spot().grace().minusSeconds(2));
    await()
        .atMost(SLURM_WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> !log(job).resumes().isEmpty());
    String resumedOn = log(job).resumes().get(0).host();
    Optional<Instance> replacement = instanceOn(resumedOn);
    assertThat(replacement).isPresent();
    assertThat(replacement.get().id()).isNotEqualTo(spot.id());
    // The reclaimed offering was marked unavailable: the pool's spot-preferred policy, with no
    // other spot offering, falls back to on-demand.
    assertThat(replacement.get().offering().capacityType()).isEqualTo(CapacityType.ON_DEMAND);
    awaitCompleted(job);

    assertThat(reclaim.get(60, TimeUnit.SECONDS)).isZero();
    assertThat(local.get(spot.id())).isEmpty();
    CheckpointLog run = log(job);
    assertThat(run.done()).isTrue();
    assertThat(run.resumes()).singleElement().satisfies(r -> assertThat(r.fromStep()).isPositive());
    // It checkpointed on USR1 and again on the requeue's TERM: nothing to redo.
    assertThat(run.maxStepsLost()).isZero();
    assertThat(checkpointFile(job)).exists();
  }

  @Test
  @Order(4)
  void aTwoNodeJobReclaimedOnOneNodeIsRequeuedAndRunsAgainOnTwoNodes() {
    String job = submit(2, 40);
    List<String> nodes = awaitProgress(job, 3);
    assertThat(nodes).hasSize(2);
    String batchHost = batchHostOf(job);
    String other = nodes.stream().filter(n -> !n.equals(batchHost)).findFirst().orElseThrow();

    assertThat(reclaimCli(other, "20s")).isZero();

    awaitCompleted(job);
    CheckpointLog run = log(job);
    assertThat(run.done()).isTrue();
    assertThat(run.resumes()).isNotEmpty().allSatisfy(r -> assertThat(r.nodes()).isEqualTo(2));
    assertThat(run.maxStepsLost()).isLessThanOrEqualTo(CKPT_EVERY);
  }

  // ---- helpers ----

  static int reclaimCli(String node, String notice) {
    return sampleJobs.reclaim(node, notice);
  }

  static String submit(int nodes, int steps) {
    return sampleJobs.submit(nodes, steps, CKPT_EVERY);
  }

  /** Waits until the job runs and has done {@code steps} steps; its nodes. */
  static List<String> awaitProgress(String job, int steps) {
    await()
        .atMost(SLURM_WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () ->
                job(job).map(SlurmJob::state).orElse("").equals("RUNNING")
                    && log(job).lastStep() >= steps);
    String nodes = job(job).orElseThrow().nodes();
    return run(List.of("scontrol", "show", "hostnames", nodes)).lines().toList();
  }

  static String batchHostOf(String job) {
    String text = read(job);
    int at = text.indexOf("host=");
    return text.substring(at + 5, text.indexOf(' ', at));
  }

  static void awaitCompleted(String job) {
    await()
        .atMost(JOB_DONE)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> job(job).map(SlurmJob::state).orElse("").equals("COMPLETED"));
  }

  static Optional<SlurmJob> job(String id) {
    return slurm.jobs().stream().filter(j -> Long.toString(j.jobId()).equals(id)).findFirst();
  }

  static Optional<Instance> instanceOn(String node) {
    return local.list(cluster.config().cluster()).stream()
        .filter(i -> i.nodeName().filter(node::equals).isPresent())
        .findFirst();
  }

  /** Where the sample job keeps its checkpoint: under the TaskProlog's directory for the job. */
  static Path checkpointFile(String job) {
    return Path.of(cluster.config().spot().checkpointDir(), job, "ckpt-" + job);
  }

  static CheckpointLog log(String job) {
    return sampleJobs.log(job);
  }

  static String read(String job) {
    return sampleJobs.read(job);
  }

  static void awaitAllSuspended() {
    e2e.awaitAllSuspended(SLURM_WAIT, () -> assertThat(metadataProcessesOfCluster()).isEmpty());
  }

  static String run(List<String> argv) {
    return sampleJobs.run(argv);
  }

  static List<String> namespacesOfCluster() {
    return e2e.namespaces();
  }

  /** Metadata endpoints (and their watchers) still serving an address of this cluster's subnet. */
  static List<Long> metadataProcessesOfCluster() {
    return e2e.metadataProcesses();
  }
}
