package dev.stratus.simulator.bench;

import dev.stratus.simulator.PhillyCluster;
import dev.stratus.simulator.SimulateCommand;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/**
 * Times {@code stratus simulate cluster} on the 3,034 Philly jobs over the 13 H100 pools (target:
 * under 10 s), once per policy named in {@code -Dbench.policies}, in one JVM and in that order (the
 * profile's default: {@code stratus} first, in a fresh JVM, then the others, then {@code stratus}
 * again, warmed up). Prints each run's figures, its wall time and the main thread's CPU time, which
 * other processes on a shared machine do not inflate. Run it with {@code mvn -B -q -Pbench-cluster
 * -pl simulator -am process-test-classes}.
 */
public final class ClusterBench {
  private ClusterBench() {}

  public static void main(String[] args) {
    String policies =
        System.getProperty("bench.policies", "stratus,none,greedy,uniform-progress,stratus");
    var threads = ManagementFactory.getThreadMXBean();
    for (String policy : List.of(policies.split(","))) {
      long cpu = threads.getCurrentThreadCpuTime();
      long start = System.nanoTime();
      int code =
          SimulateCommand.commandLine().execute(PhillyCluster.args("h100-gcp", "--policy", policy));
      System.out.printf(
          Locale.ROOT,
          "simulate cluster, 3034 Philly jobs x 13 pools, policy %s: %.1f s wall, %.1f s CPU of"
              + " the main thread, %d cores (exit %d)%n%n",
          policy,
          (System.nanoTime() - start) / 1e9,
          (threads.getCurrentThreadCpuTime() - cpu) / 1e9,
          Runtime.getRuntime().availableProcessors(),
          code);
      if (code != 0) {
        System.exit(code);
      }
    }
  }
}
