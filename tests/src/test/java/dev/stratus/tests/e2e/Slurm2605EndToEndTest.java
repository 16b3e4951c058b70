package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.core.config.SlurmVersion;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SqueueJson;
import dev.stratus.core.slurm.TopologyLeaves;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.tests.support.CheckpointJobs;
import dev.stratus.tests.support.E2eCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What Slurm 25.11 and 26.05 add that Stratus renders, on the real 26.05 (the 26.05 execution
 * only): a job submitted with {@code --requeue=expedite} (allowed by the rendered {@code
 * enable_expedited_requeue}) that Stratus requeues for a spot notice is allocated again at once, on
 * another node, where a plain requeued job waits out its BeginTime; and slurmctld's own OpenMetrics
 * endpoint (the rendered {@code MetricsType}) counts the cluster's GPUs (the rendered {@code
 * AccountingStorageTRES=gres/gpu}, with the cluster's slurmdbd) and those a job holds; and the
 * controller owning the topology as topology.yaml, moving placed nodes in slurmctld's live tree
 * with no reconfigure.
 */
@Tag("slurm")
class Slurm2605EndToEndTest {
  static final Duration WAIT = Duration.ofSeconds(150);
  static E2eCluster e2e;
  static CheckpointJobs jobs;

  @BeforeAll
  static void startCluster() throws Exception {
    e2e = E2eCluster.startWithAccounting("s2605", 2, Slurm2605EndToEndTest::withTopologyTree);
    jobs = new CheckpointJobs(e2e.cluster);
    assertThat(e2e.cluster.config().slurm().version().countsGpusInMetrics())
        .as("run with -Dstratus.slurm=26.05")
        .isTrue();
  }

  /**
   * The controller owns the topology ({@code slurm.topology: tree}): on 26.05 the rendered files
   * are topology.yaml and a PartitionName line naming its topology (the embedded cluster's
   * topology.conf from its racks is then ignored by slurmctld).
   */
  static StratusConfig withTopologyTree(EmbeddedCluster cluster) {
    try {
      Path yaml = cluster.configFile();
      Files.writeString(yaml, Files.readString(yaml).replace("topology: none", "topology: tree"));
      return cluster.rewriteSlurmFiles();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @AfterAll
  static void tearDown() {
    if (e2e != null) {
      e2e.close();
    }
  }

  @Test
  void aJobAskingForAnExpeditedRequeueRunsAgainAtOnceOnAnotherNodeAfterASpotNotice() {
    String job = jobs.submit(1, 40, 5, 2, "-A", "team-a", "--requeue=expedite");
    await()
        .atMost(WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> running(job) && jobs.log(job).lastStep() >= 2);
    String node = job(job).orElseThrow().nodes();
    assertThat(e2e.run("scontrol", "show", "job", job)).contains("ExpeditedRequeue=Yes");
    assertThat(gauge("/metrics/nodes", "slurm_node_gpus_alloc\\{node=\"" + node + "\"\\}"))
        .isEqualTo(2);
    // the controller reads squeue's narrow form: it says what the JSON form says, name aside
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () ->
                assertThat(e2e.slurm.jobs())
                    .isNotEmpty()
                    .containsExactlyInAnyOrderElementsOf(jobsAsJsonSaysThem()));

    assertThat(jobs.reclaim(node, "15s")).isZero();
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> job(job).map(SlurmJob::restartCount).orElse(0) >= 1);
    Instant requeued = Instant.now();
    SlurmJob again =
        await()
            .atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(200))
            .until(() -> job(job).orElseThrow(), j -> !j.nodes().isEmpty());
    Duration toAllocation = Duration.between(requeued, Instant.now());
    System.out.printf(
        "26.05 e2e: expedited job %s requeued -> allocated on %s in %d ms%n",
        job, again.nodes(), toAllocation.toMillis());
    assertThat(again.nodes()).isNotEqualTo(node);
    // a plain requeue is held back by a BeginTime of about ten seconds (measured on 26.05.5)
    assertThat(toAllocation).isLessThan(Duration.ofSeconds(5));
    await()
        .atMost(Duration.ofSeconds(300))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> job(job).map(SlurmJob::state).orElse("").equals("COMPLETED"));
    assertThat(jobs.log(job).maxStepsLost()).isZero();
  }

  @Test
  void slurmctldsOwnMetricsCountTheCloudNodesAndTheirGpus() throws Exception {
    assertThat(gauge("/metrics/nodes", "slurm_nodes_cloud")).isEqualTo(2);
    assertThat(gauge("/metrics/nodes", "slurm_node_gpus\\{node=\"gpu-001\"\\}")).isEqualTo(8);
    assertThat(gauge("/metrics/partitions", "slurm_partition_gpus\\{partition=\"gpu\"\\}"))
        .isEqualTo(16);
    assertThat(SlurmVersion.fromBanner(e2e.cluster.slurmctldVersion()))
        .isEqualTo(new SlurmVersion(26, 5));
  }

  @Test
  void placedNodesMoveInSlurmctldsLiveTreeWithoutAReconfigureAndGoBackWhenPoweredDown()
      throws IOException {
    Map<String, String> rackOf = new TreeMap<>();
    e2e.cluster.rackPaths().forEach((node, path) -> rackOf.put(node, String.join("-", path)));
    String job = e2e.sbatch("-A", "team-a", "-N2", "--exclusive", "--wrap", "sleep 15");

    await()
        .atMost(WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(
            () -> {
              assertThat(running(job)).isTrue();
              assertThat(leaves()).isEqualTo(rackOf);
            });
    // nodes with a Topology= field after their state: the controller's node lines read them
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () -> assertThat(e2e.nodes()).containsExactlyInAnyOrderElementsOf(e2e.nodesAsJson()));
    String tree = e2e.run("scontrol", "show", "topology", TOPOLOGY);
    System.out.printf("26.05 e2e: %s while job %s runs:%n%s", TOPOLOGY, job, tree);
    assertThat(tree).contains("SwitchName=stratus-root ").contains("SwitchName=spine ");
    assertThat(Files.readString(e2e.cluster.spec().root().resolve("etc/topology.yaml")))
        .as("the file keeps every node unplaced: only slurmctld's live tree moved")
        .doesNotContain("spine");
    assertThat(Files.readString(slurmctldLog()))
        .as("no reconfigure: slurmctld kept running")
        .doesNotContain("Reconfigure signal");

    e2e.awaitAllSuspended(Duration.ofSeconds(180));
    assertThat(leaves()).containsOnlyKeys(rackOf.keySet());
    assertThat(Set.copyOf(leaves().values())).containsExactly("gpu-unplaced");
  }

  static final String TOPOLOGY = "stratus-gpu";

  static Map<String, String> leaves() {
    return TopologyLeaves.parse(e2e.run("scontrol", "show", "topology", TOPOLOGY));
  }

  static Path slurmctldLog() {
    return e2e.cluster.root().resolve("state/slurm/ctld/slurmctld.log");
  }

  static List<SlurmJob> jobsAsJsonSaysThem() {
    return SqueueJson.parse(e2e.run("squeue", "--json", "--all", "--states=all")).stream()
        .map(j -> j.withName(""))
        .toList();
  }

  static boolean running(String job) {
    return job(job).map(SlurmJob::state).orElse("").equals("RUNNING");
  }

  static Optional<SlurmJob> job(String id) {
    return e2e.job(id);
  }

  /** One series' value from slurmctld's {@code path} on its own port; -1 when absent. */
  static long gauge(String path, String series) {
    try {
      String body =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create(
                              "http://127.0.0.1:" + e2e.cluster.spec().slurmctldPort() + path))
                      .timeout(Duration.ofSeconds(10))
                      // no h2c upgrade offer: slurmctld's HTTP/1.1 server answers it with nothing
                      .version(HttpClient.Version.HTTP_1_1)
                      .build(),
                  HttpResponse.BodyHandlers.ofString())
              .body();
      Matcher m = Pattern.compile("(?m)^" + series + " (\\d+)").matcher(body);
      if (!m.find()) {
        System.out.printf("26.05 e2e: no %s in GET %s: %.2000s%n", series, path, body);
        return -1;
      }
      return Long.parseLong(m.group(1));
    } catch (Exception e) {
      throw new IllegalStateException("GET " + path + " from slurmctld: " + e, e);
    }
  }
}
