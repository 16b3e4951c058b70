package dev.stratus.tests.bench;

import dev.stratus.core.slurm.CliSlurmClient;
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
 * How long a batch job on a powered-down local node takes from {@code sbatch} to RUNNING in squeue
 * (polled every 50 ms): slurmctld allocates, the controller launches a namespace node, it
 * registers, and slurmctld launches the batch script. Each run starts from a fully suspended
 * cluster. Prints every run and the median; target: < 3 s. Runs on the Slurm {@code
 * -Dstratus.slurm} names (default 22.05). Needs root and Slurm (like the e2e suite).
 */
public final class SbatchStartBenchmark {
  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    try (BenchCluster bench = new BenchCluster("bsb", 2)) {
      EmbeddedCluster cluster = bench.cluster;
      Path log = cluster.root().resolve("log/bench.log");
      CliSlurmClient slurm =
          new CliSlurmClient(
              cluster.config().slurm().binDir(), cluster.config().slurm().slurmConf());
      List<Long> millis = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        SrunColdStartBenchmark.waitAllSuspended(slurm, bench.runtime, cluster.config().cluster());
        Instant start = Instant.now();
        Processes.Result r =
            Processes.output(
                List.of(
                    "sbatch",
                    "--parsable",
                    "-p",
                    "gpu",
                    "-N1",
                    "--gres=gpu:h100:1",
                    "--output=" + cluster.root().resolve("jobs/%j.out"),
                    "--wrap",
                    "sleep 1"),
                cluster.slurmEnv(),
                log,
                Duration.ofSeconds(30));
        if (r.exitCode() != 0) {
          throw new IllegalStateException("sbatch failed, see " + log);
        }
        String job = r.stdout().strip();
        long ms = untilRunning(cluster, job, start, log);
        millis.add(ms);
        System.out.printf(Locale.ROOT, "run %d: job %s RUNNING after %d ms%n", i + 1, job, ms);
      }
      Collections.sort(millis);
      System.out.printf(
          Locale.ROOT,
          "sbatch on a powered-down node to RUNNING (Slurm %s): median %d ms, min %d ms, max %d ms"
              + " over %d runs%n",
          cluster.slurmRelease(),
          millis.get(millis.size() / 2),
          millis.get(0),
          millis.get(millis.size() - 1),
          runs);
    }
  }

  /** Milliseconds from {@code start} until squeue shows the job running (or already done). */
  static long untilRunning(EmbeddedCluster cluster, String job, Instant start, Path log)
      throws InterruptedException {
    Instant end = start.plusSeconds(120);
    while (Instant.now().isBefore(end)) {
      Processes.Result q =
          Processes.output(
              List.of("squeue", "-h", "-j", job, "-o", "%T"),
              cluster.slurmEnv(),
              log,
              Duration.ofSeconds(10));
      String state = q.stdout().strip();
      if (state.equals("RUNNING") || state.equals("COMPLETING") || state.equals("COMPLETED")) {
        return Duration.between(start, Instant.now()).toMillis();
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException("job " + job + " did not start within 120 s, see " + log);
  }
}
