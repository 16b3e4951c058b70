package dev.stratus.core.metrics;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerFixture;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.Snapshots;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The pass meters as a registry shows them, fed by a controller on the in-memory cloud. */
class PassGaugesTest extends ControllerFixture {
  final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @Override
  protected Controller newController() {
    return newController(NodeCredentials.NONE, new StratusMetrics(registry));
  }

  double gauge(String name, String... tags) {
    return registry.get(name).tags(tags).gauge().value();
  }

  @Test
  void aLaunchedSpotNodeShowsAsOneSpotInstanceOfEightGpusInItsPoolFromTheNextPass() {
    slurmResumes("r1", 7, "gpu-001");
    onePass();
    assertThat(gauge("stratus.instances", "pool", "gpu", "capacity_type", "spot")).isZero();

    onePass();

    assertThat(gauge("stratus.instances", "pool", "gpu", "capacity_type", "spot")).isEqualTo(1);
    assertThat(gauge("stratus.instance.gpus", "pool", "gpu", "capacity_type", "spot")).isEqualTo(8);
    assertThat(gauge("stratus.instances", "pool", "gpu", "capacity_type", "on_demand")).isZero();
    assertThat(
            registry
                .get("stratus.launch.duration")
                .tags("pool", "gpu", "outcome", "launched")
                .timer()
                .count())
        .isEqualTo(1);
  }

  @Test
  void aLaunchNoOfferingCouldServeIsTimedAsFailed() {
    cloud.exhaust(SPOT.key());
    cloud.exhaust(ON_DEMAND.key());
    slurmResumes("r1", 7, "gpu-001");

    pass();

    assertThat(
            registry
                .get("stratus.launch.duration")
                .tags("pool", "gpu", "outcome", "failed")
                .timer()
                .count())
        .isEqualTo(1);
    assertThat(registry.get("stratus.launch.failures").counter().count()).isEqualTo(1);
  }

  @Test
  void aTerminatedInstanceLeavesItsRowAtZero() {
    slurmResumes("r1", 7, "gpu-001");
    pass();
    slurm.registered("gpu-001");
    cloud.terminate(cloud.alive().stream().map(Instance::id).toList());
    slurm.cloudNodes(List.of("gpu-001")); // back to idle~: nothing wants an instance

    pass();

    assertThat(gauge("stratus.instances", "pool", "gpu", "capacity_type", "spot")).isZero();
  }

  @Test
  void anInstanceBoundToNoNodePastTheGraceIsCountedAsAnOrphanAndItsTermination() {
    cloud.inject(SPOT.key(), Map.of("stratus:cluster", "test", "stratus:pool", "gpu"));
    clock.add(Fixtures.TIMEOUTS.orphanGrace());

    onePass(); // not the pass the termination's end asks for, which sees no orphan

    assertThat(registry.get("stratus.orphan.instances").gauge().value()).isEqualTo(1);
    assertThat(registry.get("stratus.orphans.terminated").counter().count()).isEqualTo(1);

    pass();

    assertThat(registry.get("stratus.orphan.instances").gauge().value()).isZero();
    assertThat(registry.get("stratus.orphans.terminated").counter().count()).isEqualTo(1);
  }

  @Test
  void aNodeSeenPoweringUpAndThenUpRecordsItsPowerUpTime() {
    slurmResumes("r1", 7, "gpu-001");
    slurm.poweringUp("gpu-001");
    pass();
    assertThat(gauge("stratus.nodes.powering.up", "pool", "gpu")).isEqualTo(1);

    clock.add(Duration.ofSeconds(75));
    slurm.registered("gpu-001");
    pass();

    var timer = registry.get("stratus.node.power.up").tags("pool", "gpu").timer();
    assertThat(timer.count()).isEqualTo(1);
    assertThat(timer.totalTime(TimeUnit.SECONDS)).isEqualTo(75);
    assertThat(gauge("stratus.nodes.powering.up", "pool", "gpu")).isZero();
  }

  @Test
  void aNodeThatWentDownInsteadOfUpRecordsNoPowerUpTime() {
    Offering spot = offering("fake", "a", CapacityType.SPOT, "30");
    Pool gpu = pool("gpu", 4, spot);
    Instant t0 = Instant.parse("2026-11-21T12:00:00Z");
    Map<String, Instant> before = Map.of("gpu-001", t0, "gpu-002", t0);
    List<SlurmNode> nodes =
        List.of(
            new SlurmNode("gpu-001", "down", Set.of("CLOUD"), "x", "", "", List.of("gpu")),
            new SlurmNode("gpu-002", "idle", Set.of("CLOUD"), "", "", "", List.of("gpu")));
    Snapshot later =
        Snapshots.of(t0.plusSeconds(40), List.of(gpu), nodes, List.of(), List.of(), Map.of());

    assertThat(PassGauges.poweredUp(before, later))
        .containsOnly(Map.entry("gpu-002", Duration.ofSeconds(40)));
  }

  @Test
  void fixedLabelCountersAndEachPoolsLaunchTimersExistAtZeroFromTheFirstPass() {
    pass();

    for (String kind : List.of("reclaim", "rebalance_recommendation", "maintenance")) {
      assertThat(registry.get("stratus.spot.notices").tags("kind", kind).counter().count())
          .isZero();
    }
    for (String notice : List.of("true", "false")) {
      assertThat(registry.get("stratus.spot.reclaims").tags("notice", notice).counter().count())
          .isZero();
    }
    for (String outcome : StratusMetrics.LAUNCH_OUTCOMES) {
      assertThat(
              registry
                  .get("stratus.launch.duration")
                  .tags("pool", "gpu", "outcome", outcome)
                  .timer()
                  .count())
          .isZero();
    }
    assertThat(registry.get("stratus.node.power.up").tags("pool", "gpu").timer().count()).isZero();
  }
}
