package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.tests.support.E2eCluster;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On the real Slurm 22.05: the embedded pool sells spot (cheaper) and on-demand. A job's {@code
 * --constraint} picks the capacity type it is launched as, and each node advertises the type it
 * runs as until it powers down, so a later job with a constraint lands right.
 */
@Tag("slurm")
class NodeFeaturesEndToEndTest {
  static final Duration WAIT = Duration.ofSeconds(150);
  static final Set<String> EVERY_TYPE = Set.of("h100", "gpu", "spot", "on-demand");
  static E2eCluster e2e;

  @BeforeAll
  static void startCluster() throws Exception {
    e2e = E2eCluster.start("feat", 3);
  }

  @AfterAll
  static void tearDown() {
    if (e2e != null) {
      e2e.close();
    }
  }

  @Test
  void onDemandConstrainedJobsGetOnDemandNodesAndNodesAdvertiseTheTypeTheyRunAs() {
    assertThat(e2e.nodes()).allSatisfy(n -> assertThat(n.activeFeatures()).isEqualTo(EVERY_TYPE));

    String spotJob =
        e2e.sbatch("-N1", "--gres=gpu:h100:1", "--constraint=spot", "--wrap", "sleep 60");
    String spotNode = runningOn(spotJob);
    assertThat(instanceOf(spotNode).offering().capacityType()).isEqualTo(CapacityType.SPOT);
    awaitFeatures(spotNode, Set.of("h100", "gpu", "spot"));

    // spotNode is up with room to spare; a job that must run on on-demand may not land there.
    String onDemandJob =
        e2e.sbatch("-N1", "--gres=gpu:h100:1", "--constraint=on-demand", "--wrap", "sleep 20");
    String onDemandNode = runningOn(onDemandJob);
    assertThat(onDemandNode).isNotEqualTo(spotNode);
    assertThat(instanceOf(onDemandNode).offering().capacityType())
        .isEqualTo(CapacityType.ON_DEMAND);
    awaitFeatures(onDemandNode, Set.of("h100", "gpu", "on-demand"));

    e2e.run("scancel", spotJob, onDemandJob);
    e2e.awaitAllSuspended(
        WAIT,
        () ->
            assertThat(e2e.nodes())
                .allSatisfy(n -> assertThat(n.activeFeatures()).isEqualTo(EVERY_TYPE)));
  }

  static String runningOn(String job) {
    return await()
        .atMost(WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () ->
                e2e.job(job)
                    .filter(j -> j.state().equals("RUNNING"))
                    .map(SlurmJob::nodes)
                    .orElse(""),
            nodes -> !nodes.isEmpty());
  }

  static Instance instanceOf(String node) {
    return e2e.local().list(e2e.cluster.config().cluster()).stream()
        .filter(i -> i.nodeName().filter(node::equals).isPresent())
        .findFirst()
        .orElseThrow();
  }

  static void awaitFeatures(String node, Set<String> features) {
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(500))
        .untilAsserted(
            () ->
                assertThat(e2e.nodes())
                    .filteredOn(n -> n.name().equals(node))
                    .singleElement()
                    .extracting(SlurmNode::activeFeatures)
                    .isEqualTo(features));
  }
}
