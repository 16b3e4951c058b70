package dev.stratus.provider.oci;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.PlacementAware;
import dev.stratus.api.spi.SweepsOwnResources;
import dev.stratus.testkit.LaunchRequests;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.threeten.extra.MutableClock;

/**
 * OCI's eventually consistent list, compute clusters, placement from the compute hosts, and the
 * sweep of empty compute clusters, on a clock the test moves.
 */
class OciListPlacementWireTest {
  @TempDir Path dir;
  final MutableClock clock = MutableClock.epochUTC();
  OciHarness h;

  @BeforeEach
  void open() {
    clock.setInstant(Instant.parse("2026-11-24T12:00:00Z"));
    h = new OciHarness(dir, Map.of(), clock);
  }

  @AfterEach
  void close() {
    h.close();
  }

  LaunchResult launch(int nodes) {
    return h.provider().launch(LaunchRequests.of(h, h.nodeNames(nodes), true));
  }

  long calls(String call) {
    return h.server().calls().stream().filter(call::equals).count();
  }

  @Test
  void aNewInstanceTheListDoesNotShowYetIsListedThroughGetInstanceUntilTheListCatchesUp() {
    String id = launch(1).launched().get(0).id();

    assertThat(h.provider().list(h.cluster())).extracting(Instance::id).containsExactly(id);
    assertThat(calls("GET /instances/" + id)).isEqualTo(1);

    clock.add(Duration.ofMinutes(11));
    assertThat(h.provider().list(h.cluster())).extracting(Instance::id).containsExactly(id);
    assertThat(calls("GET /instances/" + id)).isEqualTo(1);
  }

  @Test
  void aMultiNodeLaunchFillsOneComputeClusterAndPlacementGivesIslandBlockAndLocalBlock() {
    LaunchResult two = launch(2);
    LaunchResult one = launch(1);

    String cluster = h.model().computeClusterOf(two.launched().get(0).id());
    assertThat(cluster).startsWith("ocid1.computecluster.");
    assertThat(h.model().computeClusterOf(two.launched().get(1).id())).isEqualTo(cluster);
    assertThat(h.model().computeClusterOf(one.launched().get(0).id())).isNull();
    var paths =
        ((PlacementAware) h.provider())
            .placement(
                List.of(two.launched().get(0), two.launched().get(1), one.launched().get(0)));
    List<String> a = paths.get(two.launched().get(0).id());
    assertThat(a).hasSize(3);
    assertThat(a.get(0)).startsWith("hpc-");
    assertThat(a.get(1)).startsWith("nb-");
    assertThat(a.get(2)).startsWith("lb-");
    assertThat(paths.get(two.launched().get(1).id())).isEqualTo(a);
    assertThat(paths.get(one.launched().get(0).id()).get(0)).isEqualTo(a.get(0));
    assertThat(paths.get(one.launched().get(0).id()).get(1)).isNotEqualTo(a.get(1));
  }

  @Test
  void theSweepDeletesOnlyTheClustersEmptyComputeClustersOnceTheyAreOldEnough() {
    LaunchResult ours = launch(2);
    String token = "other-cluster-launch";
    var theirs =
        h.provider()
            .launch(
                new LaunchRequest(
                    h.otherCluster(),
                    "gpu",
                    h.offering(),
                    h.nodeNames(2),
                    token,
                    Map.of(Tags.CLUSTER, h.otherCluster(), Tags.POOL, "gpu", Tags.TOKEN, token),
                    true));
    SweepsOwnResources sweeper = (SweepsOwnResources) h.provider();
    h.provider().terminate(ours.launched().stream().map(Instance::id).toList());
    h.provider().terminate(theirs.launched().stream().map(Instance::id).toList());

    sweeper.sweep(h.cluster(), List.of());
    assertThat(h.model().computeClusters()).isEqualTo(2);

    clock.add(Duration.ofMinutes(11));
    sweeper.sweep(h.cluster(), List.of());
    assertThat(h.model().computeClusters()).isEqualTo(1);
    assertThat(
            calls(
                "DELETE /computeClusters/"
                    + h.model().computeClusterOf(ours.launched().get(0).id())))
        .isEqualTo(1);
  }

  @Test
  void aComputeClusterStillHoldingALiveInstanceIsKept() {
    launch(2);
    clock.add(Duration.ofMinutes(11));

    ((SweepsOwnResources) h.provider()).sweep(h.cluster(), h.provider().list(h.cluster()));

    assertThat(h.model().computeClusters()).isEqualTo(1);
    assertThat(h.server().calls()).noneMatch(c -> c.startsWith("DELETE /computeClusters/"));
  }

  @Test
  void anAllOrNothingLaunchThatFailsDeletesItsComputeCluster() {
    List<String> nodes = h.nodeNames(2);
    h.failLaunchOf(nodes.get(1));

    LaunchResult r = h.provider().launch(LaunchRequests.of(h, nodes, true));

    assertThat(r.launched()).isEmpty();
    assertThat(h.model().liveIds()).isEmpty();
    assertThat(h.model().computeClusters()).isZero();
  }
}
