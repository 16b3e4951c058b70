package dev.stratus.core.bench;

import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerParts;
import dev.stratus.core.plan.Action;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.testkit.fake.FakeNodeProvider;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The controller's pass time and resident memory on a large cluster ({@link LargeCluster}: 2,000
 * nodes, 10,000 pending jobs, about 500 live instances on the in-memory fake provider, 50 resume
 * requests). Runs passes back to back as fast as they go and prints the first pass (it starts the
 * 200 launches), the others' median, p90 and max, then this JVM's VmRSS after them and its peak
 * (VmHWM). Targets: median pass under 50 ms, peak RSS under 256 MiB. Meant for a fresh JVM without
 * {@code -Xmx}, as {@code mvn -Pbench-controller} runs it. Arguments:
 *
 * <ul>
 *   <li>{@code --slurm memory} (default): Slurm is the in-memory FakeSlurm, so the figures are the
 *       controller's own (observe, plan, act; cloud calls on the fake provider);
 *   <li>{@code --slurm json}: Slurm is the real {@link CliSlurmClient} running stand-in {@code
 *       sinfo}/{@code squeue} that print that cluster as Slurm 22.05's JSON (from the recorded
 *       samples), so the figures add the processes and the parsing a real controller pays;
 *   <li>{@code --passes N}: how many passes (default 200);
 *   <li>{@code --pool-size N}, {@code --pending M}: 4 pools of N nodes (default 500) and M pending
 *       jobs (default 10,000), for the scale harness's sizes without a slurmctld;
 *   <li>{@code --gate on|off}: exit 1 when a target is missed (default: on with the in-memory
 *       Slurm, off with the JSON one).
 * </ul>
 *
 * The resident memory depends on the JVM's collector more than on the controller, whose live heap
 * after a full GC is printed too: G1, the default, sizes its young generation from the machine's
 * RAM (1/64 of it as initial heap), so the {@code stratus} launcher runs the controller with {@code
 * -XX:+UseSerialGC}, as the Maven profile's gated run does.
 */
public final class ControllerPassBenchmark {
  static final long PASS_TARGET_MS = 50;
  static final long RSS_TARGET_MIB = 256;

  public static void main(String[] args) throws Exception {
    String mode = option(args, "--slurm", "memory");
    int passes = Integer.parseInt(option(args, "--passes", "200"));
    boolean gated = option(args, "--gate", mode.equals("memory") ? "on" : "off").equals("on");
    Clock clock = Clock.systemUTC();
    LargeCluster cluster =
        new LargeCluster(
            clock.instant(),
            Integer.parseInt(option(args, "--pool-size", "500")),
            Integer.parseInt(
                option(args, "--pending", Integer.toString(LargeCluster.PENDING_JOBS))));
    Path dir = Files.createTempDirectory("stratus-bench-slurm-");
    SlurmClient slurm =
        switch (mode) {
          case "memory" -> cluster.inMemorySlurm();
          case "json" -> new CliSlurmClient(cluster.writeSlurm22(dir), dir.resolve("slurm.conf"));
          default -> throw new IllegalArgumentException("--slurm must be memory or json: " + mode);
        };
    FakeNodeProvider cloud = cluster.cloud(clock);
    InMemoryRequests spool = cluster.spool();
    StratusConfig config = Fixtures.config(cluster.pools, "fake");
    List<Long> micros = new ArrayList<>();
    int launches;
    try (Controller controller =
        new Controller(
            ControllerParts.builder(
                    config, slurm, Map.<String, NodeProvider>of("fake", cloud), spool, clock)
                .credentials(NodeCredentials.NONE)
                .build())) {
      List<Action> first = List.of();
      for (int i = 0; i < passes; i++) {
        long start = System.nanoTime();
        List<Action> actions = controller.runPass();
        micros.add((System.nanoTime() - start) / 1_000);
        if (i == 0) {
          first = actions;
        }
      }
      launches = (int) first.stream().filter(a -> a instanceof Action.Launch).count();
    } finally {
      deleteTree(dir);
    }
    ProcStatus memory = ProcStatus.read();
    System.gc(); // what the controller keeps, apart from what the collector has not reclaimed yet
    long liveMib =
        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024 * 1024);
    List<Long> steady = micros.subList(1, micros.size());
    long median = Percentiles.of(steady, 50);
    System.out.printf(
        Locale.ROOT,
        "controller pass, %d nodes, %d pending jobs, %d live instances on the fake provider,"
            + " slurm=%s: %d passes%n",
        cluster.nodes.size(),
        cluster.jobs.stream().filter(SlurmJob::pending).count(),
        cluster.running.size(),
        mode,
        passes);
    System.out.printf(
        Locale.ROOT,
        "  first pass %.1f ms (%d launches started); then median %.2f ms, p90 %.2f ms, max %.2f ms%n",
        micros.get(0) / 1000.0,
        launches,
        median / 1000.0,
        Percentiles.of(steady, 90) / 1000.0,
        Percentiles.of(steady, 100) / 1000.0);
    System.out.printf(
        Locale.ROOT,
        "  memory: VmRSS %d MiB after the passes, peak VmHWM %d MiB; live heap after a full GC"
            + " %d MiB (%s, heap limit %d MiB: no -Xmx)%n",
        memory.rssMib(),
        memory.peakRssMib(),
        liveMib,
        collectors(),
        Runtime.getRuntime().maxMemory() / (1024 * 1024));
    boolean passMet = median < PASS_TARGET_MS * 1000;
    boolean rssMet = memory.peakRssMib() < RSS_TARGET_MIB;
    System.out.printf(
        Locale.ROOT,
        "  targets%s: median pass < %d ms %s; peak RSS < %d MiB %s%n",
        gated ? "" : " (reported, not gated)",
        PASS_TARGET_MS,
        passMet ? "met" : "MISSED",
        RSS_TARGET_MIB,
        rssMet ? "met" : "MISSED");
    System.exit(!gated || (passMet && rssMet) ? 0 : 1);
  }

  static String collectors() {
    return String.join(
        "+",
        ManagementFactory.getGarbageCollectorMXBeans().stream()
            .map(GarbageCollectorMXBean::getName)
            .toList());
  }

  /** Removes {@code dir} and everything under it (the stand-in Slurm's 40 MB of JSON). */
  static void deleteTree(Path dir) throws IOException {
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  static String option(String[] args, String name, String fallback) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals(name)) {
        return args[i + 1];
      }
    }
    return fallback;
  }
}
