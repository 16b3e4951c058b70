package dev.stratus.tests.bench;

import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.daemon.ControllerRuntime;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.sandbox.process.Processes;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * How long {@code srun} on a powered-down local node takes to print its first line: slurmctld
 * allocates, runs the resume launcher, the controller launches a namespace node, the agent starts
 * munged and slurmd, the node registers, the step runs. Each run starts from a fully suspended
 * cluster. Prints every run and the median; target: < 3 s. Needs root and Slurm (like the e2e
 * suite). Run with the command in the README.
 */
public final class SrunColdStartBenchmark {
  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    try (BenchCluster bench = new BenchCluster("bench", 2)) {
      EmbeddedCluster cluster = bench.cluster;
      ControllerRuntime runtime = bench.runtime;
      Path root = cluster.root();
      CliSlurmClient slurm =
          new CliSlurmClient(
              cluster.config().slurm().binDir(), cluster.config().slurm().slurmConf());
      List<Long> millis = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        waitAllSuspended(slurm, runtime, cluster.config().cluster());
        Instant start = Instant.now();
        Processes.Result r =
            Processes.output(
                List.of("srun", "-p", "gpu", "-N1", "--gres=gpu:h100:1", "hostname"),
                cluster.slurmEnv(),
                root.resolve("log/bench.log"),
                Duration.ofSeconds(120));
        long ms = Duration.between(start, Instant.now()).toMillis();
        if (r.exitCode() != 0) {
          throw new IllegalStateException("srun failed, see " + root.resolve("log/bench.log"));
        }
        millis.add(ms);
        System.out.printf(Locale.ROOT, "run %d: %d ms (%s)%n", i + 1, ms, r.stdout().strip());
      }
      Collections.sort(millis);
      System.out.printf(
          Locale.ROOT,
          "srun on a powered-down node to first output: median %d ms, min %d ms, max %d ms over %d runs%n",
          millis.get(millis.size() / 2),
          millis.get(0),
          millis.get(millis.size() - 1),
          runs);
    }
  }

  static void waitAllSuspended(CliSlurmClient slurm, ControllerRuntime runtime, String cluster)
      throws InterruptedException {
    Instant end = Instant.now().plusSeconds(120);
    while (Instant.now().isBefore(end)) {
      boolean down = slurm.nodes().stream().allMatch(SlurmNode::poweredDown);
      boolean none = runtime.providers().values().stream().allMatch(p -> p.list(cluster).isEmpty());
      if (down && none) {
        return;
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException("nodes did not suspend within 120 s");
  }
}
