package dev.stratus.core.bench;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.Tags;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.config.Timeouts;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.Planner;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One planner pass over a large cluster: 10,000 pending jobs, 2,000 nodes in 4 pools (half powered
 * down, a quarter running, some powering up or DOWN), 1,000 instances and 50 resume requests.
 * Target: well under 50 ms per pass. Run it with the command in the README.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PlannerBenchmark {
  Snapshot snapshot;

  @Setup
  public void setUp() {
    snapshot = build(new Random(42));
  }

  @Benchmark
  public List<Action> plan() {
    return Planner.plan(snapshot);
  }

  static Snapshot build(Random random) {
    Instant now = Instant.parse("2026-11-21T12:00:00Z");
    var offering = Fixtures.offering("fake", "a", CapacityType.SPOT, "30");
    List<Pool> pools = new ArrayList<>();
    for (String name : List.of("h100a", "h100b", "a100a", "a100b")) {
      pools.add(Fixtures.pool(name, 500, offering));
    }
    List<SlurmNode> nodes = new ArrayList<>();
    List<Instance> instances = new ArrayList<>();
    List<SpoolRequest> requests = new ArrayList<>();
    List<String> poweringUp = new ArrayList<>();
    for (Pool pool : pools) {
      for (String name : pool.nodeNames()) {
        int kind = random.nextInt(8);
        if (kind < 4) {
          nodes.add(node(name, "idle", "CLOUD", "POWERED_DOWN"));
        } else if (kind < 6) {
          nodes.add(node(name, "allocated", "CLOUD"));
          instances.add(instance(name, offering.key(), now.minusSeconds(600)));
        } else if (kind == 6) {
          nodes.add(node(name, "mixed", "CLOUD", "POWERING_UP"));
          poweringUp.add(name);
        } else {
          nodes.add(
              new SlurmNode(
                  name, "down", Set.of("CLOUD", "POWERED_DOWN"), "stratus: x", "", "", List.of()));
        }
      }
    }
    for (int r = 0; r < 50; r++) {
      List<String> ns = new ArrayList<>();
      List<ResumeFile.JobNodes> jobs = new ArrayList<>();
      for (int k = 0; k < 4 && !poweringUp.isEmpty(); k++) {
        String n = poweringUp.remove(poweringUp.size() - 1);
        ns.add(n);
        jobs.add(new ResumeFile.JobNodes(100_000 + r * 10 + k, n));
      }
      if (!ns.isEmpty()) {
        requests.add(new SpoolRequest("r" + r, HookKind.RESUME, ns, jobs, now));
      }
    }
    List<SlurmJob> jobs = new ArrayList<>();
    for (int j = 1; j <= 10_000; j++) {
      jobs.add(
          new SlurmJob(
              j,
              "train",
              "PENDING",
              "Resources",
              pools.get(j % 4).partition(),
              "",
              2,
              "gpu:h100:8",
              0,
              true,
              Optional.empty()));
    }
    return Snapshot.builder(now, pools, Timeouts.DEFAULTS, SpotSettings.DEFAULTS)
        .nodes(nodes)
        .jobs(jobs)
        .instances(instances)
        .requests(requests)
        .build();
  }

  static SlurmNode node(String name, String state, String... flags) {
    return new SlurmNode(name, state, Set.of(flags), "", "", "", List.of());
  }

  static Instance instance(String node, OfferingKey key, Instant at) {
    return new Instance(
        "i-" + node,
        key,
        InstanceState.RUNNING,
        at,
        "",
        Map.of(Tags.CLUSTER, "bench", Tags.NODE, node, Tags.POOL, "p", Tags.TOKEN, "t"));
  }
}
