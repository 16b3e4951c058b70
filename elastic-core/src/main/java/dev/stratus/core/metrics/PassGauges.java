package dev.stratus.core.metrics;

import dev.stratus.api.model.Pool;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmNode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The meters fed once per pass from its snapshot and plan ({@link PassFigures}): gauges of
 * capacity, waiting demand and nodes powering up, the orphans counter, and how long nodes took to
 * power up. Keeps one thing between passes: when each node seen POWERING_UP started, so a node seen
 * up the next pass records its power-up time (to within one pass interval).
 */
final class PassGauges {
  /** Power-up times: a GPU node boots, installs and joins in minutes. */
  private static final Duration[] POWER_UP_BUCKETS = {
    Duration.ofSeconds(30),
    Duration.ofMinutes(1),
    Duration.ofMinutes(2),
    Duration.ofMinutes(3),
    Duration.ofMinutes(5),
    Duration.ofMinutes(10),
    Duration.ofMinutes(15)
  };

  private final MeterRegistry registry;
  private final MultiGauge instances;
  private final MultiGauge gpus;
  private final MultiGauge pendingGpus;
  private final MultiGauge pendingJobs;
  private final MultiGauge poweringUp;
  private final MultiGauge stuck;
  private final AtomicInteger orphans = new AtomicInteger();
  private final Counter orphansTerminated;
  private Map<String, Instant> poweringUpBefore = Map.of();
  private PassFigures last;
  private final Set<String> timedPools = new HashSet<>();

  PassGauges(MeterRegistry registry) {
    this.registry = registry;
    instances = gauge("stratus.instances", "live instances by pool, capacity type and provider");
    gpus = gauge("stratus.instance.gpus", "GPUs of the live instances");
    pendingGpus =
        gauge("stratus.pending.gpus", "GPUs asked by jobs waiting for nodes, by partition");
    pendingJobs = gauge("stratus.pending.jobs", "jobs waiting for nodes, by partition");
    poweringUp = gauge("stratus.nodes.powering.up", "nodes POWERING_UP, by pool");
    stuck =
        gauge(
            "stratus.nodes.stuck.powering.up",
            "nodes POWERING_UP past timeouts.powerUp (the pass forces them down)");
    Gauge.builder("stratus.orphan.instances", orphans::get)
        .description(
            "instances bound to no powered-up node, past the orphan grace (being terminated)")
        .register(registry);
    orphansTerminated =
        Counter.builder("stratus.orphans.terminated")
            .description("terminations issued for orphan instances")
            .register(registry);
  }

  void observe(Snapshot snapshot, List<Action> plan) {
    PassFigures f = PassFigures.of(snapshot, plan);
    // Registering a gauge's rows rebuilds them: only when a figure changed since the last pass.
    PassFigures was = last;
    if (was == null || !f.instances().equals(was.instances())) {
      instances.register(rows(f.instances(), PassGauges::capacityTags), true);
    }
    if (was == null || !f.gpus().equals(was.gpus())) {
      gpus.register(rows(f.gpus(), PassGauges::capacityTags), true);
    }
    if (was == null || !f.pendingGpus().equals(was.pendingGpus())) {
      pendingGpus.register(rows(f.pendingGpus(), PassGauges::demandTags), true);
    }
    if (was == null || !f.pendingJobs().equals(was.pendingJobs())) {
      pendingJobs.register(rows(f.pendingJobs(), PassGauges::demandTags), true);
    }
    if (was == null || !f.poweringUp().equals(was.poweringUp())) {
      poweringUp.register(rows(f.poweringUp(), pool -> Tags.of("pool", pool)), true);
    }
    if (was == null || !f.stuckPoweringUp().equals(was.stuckPoweringUp())) {
      stuck.register(rows(f.stuckPoweringUp(), pool -> Tags.of("pool", pool)), true);
    }
    last = f;
    orphans.set(f.orphans());
    orphansTerminated.increment(f.orphans());
    if (timedPools.addAll(snapshot.pools().stream().map(Pool::name).toList())) {
      snapshot.pools().forEach(p -> powerUpTimer(p.name()));
    }
    poweredUp(poweringUpBefore, snapshot)
        .forEach((node, took) -> powerUpTimer(poolOf(snapshot, node)).record(took));
    poweringUpBefore = snapshot.slurm().poweringUpSince();
  }

  /**
   * Nodes POWERING_UP in the previous pass that are up now (not powering up or down, not powered
   * down, not DOWN), with the time from when they were first seen powering up to now.
   */
  static Map<String, Duration> poweredUp(Map<String, Instant> before, Snapshot now) {
    Map<String, Duration> out = new HashMap<>();
    for (SlurmNode node : now.slurm().nodes()) {
      Instant since = before.get(node.name());
      boolean up =
          !node.poweringUp() && !node.poweredDown() && !node.poweringDown() && !node.down();
      if (since != null && up && !since.isAfter(now.now())) {
        out.put(node.name(), Duration.between(since, now.now()));
      }
    }
    return out;
  }

  private Timer powerUpTimer(String pool) {
    return Timer.builder("stratus.node.power.up")
        .description("node first seen POWERING_UP to first seen up, to within one pass")
        .tag("pool", pool)
        .serviceLevelObjectives(POWER_UP_BUCKETS)
        .register(registry);
  }

  private static String poolOf(Snapshot s, String node) {
    return s.pools().stream().filter(p -> p.owns(node)).map(Pool::name).findFirst().orElse("");
  }

  private MultiGauge gauge(String name, String help) {
    return MultiGauge.builder(name).description(help).register(registry);
  }

  private static <K> List<MultiGauge.Row<?>> rows(Map<K, Integer> values, Function<K, Tags> tags) {
    return values.entrySet().stream()
        .<MultiGauge.Row<?>>map(e -> MultiGauge.Row.of(tags.apply(e.getKey()), e.getValue()))
        .toList();
  }

  private static Tags capacityTags(PassFigures.Capacity c) {
    return Tags.of("pool", c.pool(), "capacity_type", c.capacityType(), "provider", c.provider());
  }

  private static Tags demandTags(PassFigures.Demand d) {
    return Tags.of("partition", d.partition(), "state", d.state().label());
  }
}
