package dev.stratus.core.controller;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.core.config.SlurmVersion;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.testkit.fake.FakeNodeProvider;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.threeten.extra.MutableClock;

/**
 * On Slurm 25.05 and later the controller moves placed nodes in slurmctld's live tree ({@code
 * scontrol update nodename=... topology=}) instead of rewriting the file and reconfiguring.
 */
class ControllerLiveTopologyTest {
  static final Offering SPOT = offering("fake", "a", CapacityType.SPOT, "30");
  static final String TOPOLOGY = "stratus-gpu";

  @TempDir Path dir;
  final MutableClock clock = MutableClock.of(Instant.parse("2026-11-29T12:00:00Z"), ZoneOffset.UTC);
  final FakeNodeProvider cloud = new FakeNodeProvider("fake", List.of(SPOT), clock);
  final FakeSlurm slurm = new FakeSlurm();
  final InMemoryRequests spool = new InMemoryRequests();
  Controller controller;

  @BeforeEach
  void setUp() {
    slurm.cloudNodes(List.of("gpu-001", "gpu-002", "gpu-003", "gpu-004"));
    unplacedAsTopologyYamlSays();
    controller =
        TopologyControllers.start(
            Fixtures.withTopologyTree(
                Fixtures.config(List.of(pool("gpu", 4, SPOT)), "fake"),
                dir.resolve("etc/slurm.conf"),
                SlurmVersion.parse("26.05")),
            slurm,
            cloud,
            spool,
            clock);
  }

  @AfterEach
  void closeController() {
    controller.close();
  }

  /** Where slurmctld puts every node at start and after a power down: topology.yaml's place. */
  void unplacedAsTopologyYamlSays() {
    slurm.placeInTopology(
        TOPOLOGY,
        Map.of(
            "gpu-001", "gpu-unplaced",
            "gpu-002", "gpu-unplaced",
            "gpu-003", "gpu-unplaced",
            "gpu-004", "gpu-unplaced"));
  }

  void pass() {
    controller.runPass();
    ControllerFixture.awaitCloud(controller);
  }

  void launchTwoNodes() {
    TopologyControllers.launchTwoNodes(controller, slurm, spool, clock);
  }

  List<String> moves() {
    return slurm.calls().stream().filter(c -> c.startsWith("topology ")).toList();
  }

  @Test
  void placedNodesMoveUnderTheRootWithoutAReconfigureOrAFile() {
    launchTwoNodes();
    cloud.placeNode("gpu-001", List.of("spine-a", "leaf-1"));
    cloud.placeNode("gpu-002", List.of("spine-a", "leaf-1"));

    pass();

    assertThat(moves())
        .containsExactly(
            "topology gpu-001,gpu-002 stratus-gpu:stratus-root:spine-a:spine-a-leaf-1");
    assertThat(slurm.calls()).doesNotContain("reconfigure");
    assertThat(dir.resolve("etc/topology.yaml")).doesNotExist();
    assertThat(dir.resolve("etc/topology.conf")).doesNotExist();
  }

  @Test
  void nodesAlreadyWhereTheyBelongAreNotMovedAgain() {
    launchTwoNodes();
    cloud.placeNode("gpu-001", List.of("spine-a", "leaf-1"));
    cloud.placeNode("gpu-002", List.of("spine-a", "leaf-2"));
    pass();
    int moved = moves().size();

    pass();
    pass();

    assertThat(moved).isEqualTo(2);
    assertThat(moves()).hasSize(2);
  }

  @Test
  void nodesPutBackByASlurmctldRestartAreMovedAgainOnTheNextPass() {
    launchTwoNodes();
    cloud.placeNode("gpu-001", List.of("spine-a", "leaf-1"));
    pass();

    unplacedAsTopologyYamlSays();
    pass();

    assertThat(moves())
        .containsExactly(
            "topology gpu-001 stratus-gpu:stratus-root:spine-a:spine-a-leaf-1",
            "topology gpu-001 stratus-gpu:stratus-root:spine-a:spine-a-leaf-1");
  }

  @Test
  void aFailedPlacementCallMovesNothing() {
    launchTwoNodes();
    cloud.placeNode("gpu-001", List.of("spine-a", "leaf-1"));
    cloud.failNextPlacement(new IllegalStateException("DescribeInstanceTopology throttled"));

    pass();

    assertThat(moves()).isEmpty();
  }
}
