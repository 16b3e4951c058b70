package dev.stratus.tests.bench;

import dev.stratus.core.bench.Percentiles;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Notice received → job requeued; target: median < 5 s on the local cluster, the grace excluded.
 * The controller requeues once the signalled job's checkpoint lands, so no grace is waited for and
 * none is subtracted: each figure is the whole time, the job's own checkpoint included. Each run
 * reclaims one running checkpointing job's node with a 25 s notice ({@link ReclaimBench}). Per run:
 * <b>requeued</b> = the controller's receipt of the notice → squeue shows the job requeued (the
 * gated figure); <b>issued</b> = the controller's {@code notice-to-requeue} timer for that run
 * (receipt → {@code scontrol requeue} issued); <b>watcher</b> = notice posted on the node's
 * metadata endpoint → received (the watcher's poll; reported, not gated). Prints every run and n,
 * median, p90, max; exits 1 when the median is 5 s or more. Needs root and Slurm (like the e2e
 * suite); run with the command in the README.
 *
 * <p>With {@code --slow-launch} (or {@code --launch=slow}), a launch is held in flight the whole
 * time: the pool's cheapest offering belongs to a provider as slow as an ARM create at its worst
 * ({@link SlowLaunchProvider}), which holds the launch of a job pinned to the cluster's last node
 * until the benchmark ends and refuses every other launch at once, so the reclaimed jobs'
 * replacements come from the local provider as before. The figures then show that notices do not
 * wait for it.
 */
public final class NoticeToRequeueBenchmark {
  static final Duration TARGET = Duration.ofSeconds(5);

  public static void main(String[] args) throws Exception {
    List<String> options = List.of(args);
    boolean slowLaunch = options.contains("--slow-launch") || options.contains("--launch=slow");
    int runs =
        options.stream()
            .filter(a -> !a.startsWith("--"))
            .findFirst()
            .map(Integer::parseInt)
            .orElse(10);
    List<ReclaimBench.Run> done = new ArrayList<>();
    String held = "gpu-003";
    try (BenchCluster cluster =
        slowLaunch
            ? new BenchCluster("rq", 3, c -> SlowLaunchProviderFactory.withSlowCloud(c, held))
            : new BenchCluster("rq", 2)) {
      ReclaimBench bench = new ReclaimBench(cluster.cluster, cluster.runtime);
      SlowLaunchProvider slow = null;
      if (slowLaunch) {
        slow = (SlowLaunchProvider) cluster.runtime.providers().get(SlowLaunchProviderFactory.NAME);
        bench.holdALaunch(held, slow);
      }
      for (int i = 0; i < runs; i++) {
        ReclaimBench.Run run = bench.reclaimOnce();
        done.add(run);
        System.out.printf(
            Locale.ROOT,
            "run %d: requeued %d ms, issued %d ms; watcher %d ms%n",
            i + 1,
            run.requeued().toMillis(),
            run.issued().toMillis(),
            run.watcher().toMillis());
      }
      System.out.print(bench.spotMetrics());
      if (slow != null) {
        System.out.printf(
            Locale.ROOT,
            "a launch held by the slow provider was in flight the whole time: %s%n",
            slow.held() == 1 ? "yes" : "NO");
      }
    }
    List<Long> requeued = millis(done, ReclaimBench.Run::requeued);
    List<Long> issued = millis(done, ReclaimBench.Run::issued);
    long median = Percentiles.of(requeued, 50);
    System.out.printf(
        Locale.ROOT,
        "notice received -> job requeued (no grace waited: the checkpoint ends it): n=%d, median %d ms, p90 %d ms, max %d ms"
            + " (scontrol requeue issued: median %d ms, max %d ms); target: median < %d ms%n",
        done.size(),
        median,
        Percentiles.of(requeued, 90),
        Percentiles.of(requeued, 100),
        Percentiles.of(issued, 50),
        Percentiles.of(issued, 100),
        TARGET.toMillis());
    System.exit(median < TARGET.toMillis() ? 0 : 1);
  }

  static List<Long> millis(List<ReclaimBench.Run> runs, Function<ReclaimBench.Run, Duration> f) {
    return runs.stream().map(f).map(Duration::toMillis).sorted().toList();
  }
}
