package dev.stratus.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.stratus.core.config.StratusConfig;
import dev.stratus.simulator.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tiny hand-made streams whose outcome is known by hand: one pool of 8-GPU nodes in zone z1, spot
 * $1/h and on-demand $4/h, boot 12 min, checkpoints every 10 min, suspend after 10 idle minutes.
 */
class ClusterSimulationTest {
  static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  @TempDir Path dir;

  StratusConfig config() throws IOException {
    Path yaml = dir.resolve("stratus.yaml");
    Files.writeString(
        yaml,
        """
        cluster: t
        stateDir: /tmp/stratus-sim-test
        powerSave: {suspendTime: 10m}
        timeouts: {powerUp: 30m}
        pools:
          - name: gpu
            gpu: {model: h100, count: 8}
            cpus: 8
            memoryMiB: 1000
            maxNodes: 2
            offerings:
              - {provider: gcp, region: r1, zone: z1, instanceType: a3, capacity: spot, pricePerHour: 1}
              - {provider: gcp, region: r1, zone: z1, instanceType: a3, capacity: on-demand, pricePerHour: 4}
        providers:
          gcp: {}
        """);
    return SimConfig.load(yaml);
  }

  /**
   * A trace for z1: {@code zeroFrom..zeroTo} (ticks of 10 min) without spot, room for 2 nodes
   * elsewhere.
   */
  Path trace(int zeroFrom, int zeroTo) throws IOException {
    Path traces = Files.createDirectories(dir.resolve("traces"));
    String data =
        IntStream.range(0, 200)
            .mapToObj(i -> i >= zeroFrom && i < zeroTo ? "0" : "2")
            .collect(Collectors.joining(","));
    Files.writeString(
        traces.resolve("z1.json"),
        "{\"metadata\": {\"gap_seconds\": 600, \"start_time\": \"2026-01-01T00:00:00+00:00\"},"
            + " \"data\": ["
            + data
            + "]}");
    return traces;
  }

  static ClusterSettings settings(Optional<String> policy, double factor) {
    return new ClusterSettings(
        Duration.ofMinutes(12),
        Duration.ofMinutes(10),
        factor,
        policy,
        List.of(),
        Duration.ofSeconds(11));
  }

  ClusterResult run(Path traces, Optional<String> policy, double factor, SimJob... jobs)
      throws IOException {
    var settings = settings(policy, factor);
    return new ClusterSimulation(
            config(), List.of(jobs), TraceReader.readDirectory(traces), traces, settings)
        .run();
  }

  static SimJob job(String id, int minutesAfterT0, int gpus, int minutes) {
    return new SimJob(
        id,
        T0.plus(Duration.ofMinutes(minutesAfterT0)),
        gpus,
        Duration.ofMinutes(minutes),
        Duration.ofMinutes(minutes),
        "",
        "",
        Optional.empty());
  }

  @Test
  void aJobOnSpotThatIsNeverReclaimedPaysBootWorkAndTheIdleTimeBeforeSuspend() throws IOException {
    ClusterResult r = run(trace(0, 0), Optional.empty(), 0, job("a", 0, 8, 60));

    // launched at 0, booted at 12 min, done at 72, idle until suspended at 82: 82 min of spot
    assertThat(r.costUsd()).isCloseTo(82 / 60.0, within(1e-6));
    assertThat(r.spotNodeHours()).isCloseTo(82 / 60.0, within(1e-6));
    assertThat(r.onDemandNodeHours()).isZero();
    assertThat(r.meanQueueHours()).isCloseTo(0.2, within(1e-9));
    assertThat(r.reclaims()).isZero();
    assertThat(r.allOnDemandUsd()).isCloseTo(72 / 60.0 * 4, within(1e-6));
  }

  @Test
  void aReclaimLosesTheWorkSinceTheLastCheckpointAndTheRequeuedJobRunsOnDemand()
      throws IOException {
    ClusterResult r = run(trace(3, 9), Optional.empty(), 0, job("a", 0, 8, 60));

    // GCP's notice at 30 min (18 min of work) ends the instance 30 s later; the notice lane
    // signals, drains and requeues 20 s in (the notice's end less spot.margin, 10 s): 10 min
    // kept, 8 min 20 s lost on 8 GPUs
    assertThat(r.reclaims()).isEqualTo(1);
    assertThat(r.gpuHoursLostToReclaims()).isCloseTo(500 / 3600.0 * 8, within(1e-9));
    // eligible 11 s later, onto on-demand (the spot offering is in its TTL): boot 12, 50 min of
    // work, 10 idle: 72 min at $4, after 30.5 min of spot at $1 (until the cloud took it)
    assertThat(r.spotNodeHours()).isCloseTo(30.5 / 60, within(1e-6));
    assertThat(r.onDemandNodeHours()).isCloseTo(72 / 60.0, within(1e-6));
    assertThat(r.costUsd()).isCloseTo(30.5 / 60 + 72 / 60.0 * 4, within(1e-6));
  }

  @Test
  void aDeadlineJobWithSlackWaitsOutTheOutageOnSpotInsteadOfPayingForOnDemand() throws IOException {
    ClusterResult r = run(trace(3, 9), Optional.of("greedy"), 10, job("a", 0, 8, 60));

    assertThat(r.reclaims()).isEqualTo(1);
    assertThat(r.onDemandNodeHours()).isZero();
    assertThat(r.deadlineJobs()).isEqualTo(1);
    assertThat(r.deadlineMisses()).isZero();
  }

  @Test
  void aDeadlineJobWithoutSlackAfterTheReclaimGoesOnDemandAndMeetsItsDeadline() throws IOException {
    ClusterResult r = run(trace(3, 60), Optional.of("greedy"), 1.5, job("a", 0, 8, 60));

    assertThat(r.onDemandNodeHours()).isPositive();
    assertThat(r.deadlineMisses()).isZero();
  }

  @Test
  void twoJobsLargerThanTheFreeNodesQueueOneBehindTheOther() throws IOException {
    ClusterResult r =
        run(trace(0, 0), Optional.empty(), 0, job("a", 0, 16, 60), job("b", 1, 16, 60));

    // b waits for a's two nodes (free at 72 min, already up): delay 71 min, no boot
    assertThat(r.meanQueueHours()).isCloseTo((12 + 71) / 2.0 / 60, within(1e-6));
    assertThat(r.spotNodeHours()).isCloseTo(2 * (72 + 60 + 10) / 60.0, within(1e-6));
  }

  @Test
  void theSameStreamGivesTheSameResultEveryTime() throws IOException {
    Path traces = trace(5, 40);
    SimJob[] jobs =
        IntStream.range(0, 30)
            .mapToObj(i -> job("j" + i, i * 7, 8 * (1 + i % 2), 20 + i * 13 % 200))
            .toArray(SimJob[]::new);

    ClusterResult first = run(traces, Optional.of("greedy"), 1.5, jobs);
    ClusterResult second = run(traces, Optional.of("greedy"), 1.5, jobs);

    assertThat(withoutTimings(second)).isEqualTo(withoutTimings(first));
    assertThat(first.passes()).isPositive();
  }

  static List<Object> withoutTimings(ClusterResult r) {
    return List.of(
        r.costUsd(),
        r.spotNodeHours(),
        r.onDemandNodeHours(),
        r.deadlineMisses(),
        r.reclaims(),
        r.gpuHoursLostToReclaims(),
        r.meanQueueHours(),
        r.passes());
  }

  @Test
  void nodeAndJobViewsFollowEveryChangeAndAreKeptWhileNothingChanges() throws IOException {
    SimSlurm slurm = new SimSlurm(config().pools(), Duration.ofMinutes(10));
    SimNode node = slurm.nodes.values().iterator().next();
    var idle = node.view();
    assertThat(node.view()).isSameAs(idle);
    assertThat(idle.poweredDown()).isTrue();
    node.state = SimNode.State.DOWN;
    node.reason = "launch failed";
    assertThat(node.view().down()).isTrue();
    assertThat(node.view().reason()).isEqualTo("launch failed");
    node.reason = "stratus: other";
    assertThat(node.view().reason()).isEqualTo("stratus: other");
    node.state = SimNode.State.POWERED_DOWN;

    JobRun job =
        new JobRun(
            new SimJob(
                "1", T0, 16, Duration.ofHours(1), Duration.ofHours(2), "u", "a", Optional.empty()),
            1,
            8,
            Optional.empty());
    job.phase = JobRun.Phase.PENDING;
    var pending = job.view();
    assertThat(job.view()).isSameAs(pending);
    assertThat(pending.nodes()).isEmpty();
    slurm.schedule(List.of(job), T0);
    assertThat(job.view().nodes()).isEqualTo(job.nodeList()).isNotEmpty();
    assertThat(job.view().state()).isEqualTo("CONFIGURING");
    slurm.requeue(job, T0, T0.plusSeconds(60));
    assertThat(job.view().nodes()).isEmpty();
    assertThat(job.view().restartCount()).isEqualTo(1);
  }
}
