package dev.stratus.core.metrics;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.Tags;
import dev.stratus.core.metrics.PassFigures.Capacity;
import dev.stratus.core.metrics.PassFigures.Demand;
import dev.stratus.core.metrics.PassFigures.Waiting;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.Snapshots;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The pass gauges' figures as a table: snapshot and plan in, numbers out. */
class PassFiguresTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final Offering SPOT = offering("fake", "a", CapacityType.SPOT, "30");
  static final Offering ON_DEMAND = offering("fake", "b", CapacityType.ON_DEMAND, "98");
  static final Offering OTHER_CLOUD = offering("other", "c", CapacityType.SPOT, "25");
  static final Pool GPU = pool("gpu", 4, SPOT, ON_DEMAND, OTHER_CLOUD);
  static final Pool A100 = new Pool("a100", "train", "h100", 4, 8, 64_000, 2, List.of(SPOT));

  final List<SlurmNode> nodes = new ArrayList<>();
  final List<SlurmJob> jobs = new ArrayList<>();
  final List<Instance> instances = new ArrayList<>();
  final Map<String, Instant> poweringUpSince = new HashMap<>();
  final List<Action> plan = new ArrayList<>();

  PassFigures figures() {
    return PassFigures.of(snapshot(NOW), plan);
  }

  Snapshot snapshot(Instant now) {
    return Snapshots.of(now, List.of(GPU, A100), nodes, jobs, instances, poweringUpSince);
  }

  static Instance instance(String id, Offering o, String pool, InstanceState state) {
    return new Instance(
        id, o.key(), state, NOW, "", Map.of(Tags.CLUSTER, "test", Tags.POOL, pool, Tags.NODE, id));
  }

  static SlurmJob job(long id, String state, String reason, String partition, int nodes) {
    return new SlurmJob(
        id, "j", state, reason, partition, "", nodes, "gpu:h100:8", 0, true, Optional.empty());
  }

  static SlurmNode node(String name, String state, String... flags) {
    return new SlurmNode(name, state, Set.of(flags), "", "", "gpu:h100:8", List.of("gpu"));
  }

  @Test
  void everyConfiguredPoolCapacityTypeAndProviderHasARowAtZeroBeforeAnyInstance() {
    PassFigures f = figures();

    assertThat(f.instances())
        .containsOnly(
            Map.entry(new Capacity("gpu", "spot", "fake"), 0),
            Map.entry(new Capacity("gpu", "on_demand", "fake"), 0),
            Map.entry(new Capacity("gpu", "spot", "other"), 0),
            Map.entry(new Capacity("a100", "spot", "fake"), 0));
    assertThat(f.pendingGpus())
        .containsOnly(
            Map.entry(new Demand("gpu", Waiting.PENDING), 0),
            Map.entry(new Demand("gpu", Waiting.CONFIGURING), 0),
            Map.entry(new Demand("train", Waiting.PENDING), 0),
            Map.entry(new Demand("train", Waiting.CONFIGURING), 0));
    assertThat(f.poweringUp()).containsOnly(Map.entry("gpu", 0), Map.entry("a100", 0));
    assertThat(f.orphans()).isZero();
  }

  @Test
  void liveInstancesAndTheirPoolsGpusAreCountedByPoolCapacityTypeAndProvider() {
    instances.add(instance("i-1", SPOT, "gpu", InstanceState.RUNNING));
    instances.add(instance("i-2", SPOT, "gpu", InstanceState.PENDING));
    instances.add(instance("i-3", ON_DEMAND, "gpu", InstanceState.RUNNING));
    instances.add(instance("i-4", OTHER_CLOUD, "gpu", InstanceState.RUNNING));
    instances.add(instance("i-5", SPOT, "a100", InstanceState.RUNNING));
    instances.add(instance("i-6", SPOT, "gpu", InstanceState.STOPPED));
    instances.add(instance("i-7", ON_DEMAND, "gpu", InstanceState.TERMINATED));

    PassFigures f = figures();

    assertThat(f.instances())
        .containsEntry(new Capacity("gpu", "spot", "fake"), 2)
        .containsEntry(new Capacity("gpu", "on_demand", "fake"), 1)
        .containsEntry(new Capacity("gpu", "spot", "other"), 1)
        .containsEntry(new Capacity("a100", "spot", "fake"), 1);
    assertThat(f.gpus())
        .containsEntry(new Capacity("gpu", "spot", "fake"), 16)
        .containsEntry(new Capacity("gpu", "on_demand", "fake"), 8)
        .containsEntry(new Capacity("a100", "spot", "fake"), 4);
  }

  @Test
  void anInstanceOfAPoolNoLongerConfiguredIsStillCountedWithNoGpus() {
    instances.add(instance("i-1", SPOT, "retired", InstanceState.RUNNING));

    PassFigures f = figures();

    assertThat(f.instances()).containsEntry(new Capacity("retired", "spot", "fake"), 1);
    assertThat(f.gpus()).containsEntry(new Capacity("retired", "spot", "fake"), 0);
  }

  @Test
  void pendingDemandCountsJobsWaitingForNodesNotThoseHeldOrWaitingOnSomethingElse() {
    jobs.add(job(1, "PENDING", "Resources", "gpu", 2)); // 16 GPUs
    jobs.add(job(2, "PENDING", "Priority", "gpu", 1)); // 8
    jobs.add(job(3, "CONFIGURING", "None", "gpu", 1)); // 8, nodes powering up
    jobs.add(job(4, "PENDING", "JobHeldUser", "gpu", 1));
    jobs.add(job(5, "PENDING", "JobHeldAdmin", "gpu", 1));
    jobs.add(job(6, "PENDING", "Dependency", "gpu", 1));
    jobs.add(job(7, "PENDING", "BeginTime", "gpu", 1));
    jobs.add(job(8, "RUNNING", "None", "gpu", 1));
    jobs.add(job(9, "PENDING", "Resources", "cpu", 1)); // not a Stratus partition
    jobs.add(job(10, "PENDING", "Resources", "cpu,train", 1)); // counts in train

    PassFigures f = figures();

    assertThat(f.pendingGpus())
        .containsEntry(new Demand("gpu", Waiting.PENDING), 24)
        .containsEntry(new Demand("gpu", Waiting.CONFIGURING), 8)
        .containsEntry(new Demand("train", Waiting.PENDING), 8)
        .doesNotContainKey(new Demand("cpu", Waiting.PENDING));
    assertThat(f.pendingJobs())
        .containsEntry(new Demand("gpu", Waiting.PENDING), 2)
        .containsEntry(new Demand("gpu", Waiting.CONFIGURING), 1)
        .containsEntry(new Demand("train", Waiting.PENDING), 1);
  }

  @Test
  void nodesPoweringUpPastThePowerUpTimeoutAreStuck() {
    Duration powerUp = Fixtures.TIMEOUTS.powerUp();
    nodes.add(node("gpu-001", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-002", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-003", "mixed", "CLOUD", "POWERING_UP"));
    nodes.add(node("gpu-004", "idle", "CLOUD", "POWERED_DOWN"));
    poweringUpSince.put("gpu-001", NOW.minus(powerUp)); // exactly the timeout: forced down now
    poweringUpSince.put("gpu-002", NOW.minus(powerUp).plusSeconds(1));
    poweringUpSince.put("gpu-003", NOW.minus(powerUp.multipliedBy(3)));

    PassFigures f = figures();

    assertThat(f.poweringUp()).containsEntry("gpu", 3).containsEntry("a100", 0);
    assertThat(f.stuckPoweringUp()).containsEntry("gpu", 2).containsEntry("a100", 0);
  }

  @Test
  void orphansAreTheInstancesOfTheGarbageCollectorsOrphanTerminationsOnly() {
    plan.add(new Action.Terminate(List.of("i-1", "i-2"), Action.Terminate.ORPHAN_REASON));
    plan.add(new Action.Terminate(List.of("i-3"), "slurm suspend of gpu-003"));

    assertThat(figures().orphans()).isEqualTo(2);
  }
}
