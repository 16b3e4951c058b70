package dev.stratus.simulator.bench;

import com.sun.management.OperatingSystemMXBean;
import dev.stratus.policy.SolverWork;
import dev.stratus.simulator.SimulateCommand;
import dev.stratus.simulator.Table3;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Times {@code stratus simulate single} and {@code multi} on long synthetic traces ({@link
 * SyntheticTraces}: 9 zones, 195 s probes, run lengths drawn from the Can't Be Late traces, seed
 * 29) of 14, 45 and 90 days (target: 45 days under 60 s, cost near-linear in days), 100 starts, the
 * Table 3 job (48 h of work due in 60 h, changeover 0.2 h, p3.2xlarge prices) and every policy.
 * Prints each run's wall time and the figures it printed. {@code -Dbench.days=14,45}, {@code
 * -Dbench.modes=single}, {@code -Dbench.policies=stratus} narrow it. Run it with {@code mvn -B -q
 * -Pbench-replay -pl simulator -am process-test-classes}.
 */
public final class ReplayBench {
  static final int ZONES = 9;
  static final long GAP_SECONDS = 195;
  static final long SEED = 29;

  private ReplayBench() {}

  public static void main(String[] args) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<Integer> days =
        List.of(System.getProperty("bench.days", "14,45,90").split(",")).stream()
            .map(Integer::parseInt)
            .toList();
    List<String> modes = List.of(System.getProperty("bench.modes", "single,multi").split(","));
    String policies =
        System.getProperty("bench.policies", "greedy,uniform-progress,stratus,omniscient");
    int starts = Integer.getInteger("bench.starts", 100);
    var source = SyntheticTraces.from(Path.of("traces/cant-be-late/aws-10-26-2022"), 336);
    Path root = Files.createTempDirectory("replay-bench");
    System.out.printf(
        Locale.ROOT,
        "Synthetic traces: %d zones, %d s probes, seed %d; each zone a two-state semi-Markov chain"
            + " whose up and down runs are drawn from the first 14 days of a Can't Be Late trace"
            + " (zone z: trace z mod 8)%n",
        ZONES,
        GAP_SECONDS,
        SEED);
    for (int d : days) {
      Path dir = source.write(root.resolve(d + "d"), ZONES, d, GAP_SECONDS, SEED);
      for (String mode : modes) {
        run(mode, d, dir, policies, starts);
      }
    }
  }

  /** CPU time of the whole JVM: on a shared machine, less inflated by others than wall time. */
  private static long processCpuNanos() {
    return ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
        ? os.getProcessCpuTime()
        : 0;
  }

  private static void run(String mode, int days, Path dir, String policies, int starts) {
    List<String> args = new ArrayList<>(List.of(mode, "--traces", dir.toString()));
    args.addAll(Table3.jobAndPrices());
    args.addAll(
        List.of(
            "--starts", Integer.toString(starts), "--seed", "1", "--policies", policies, "--json"));
    var out = new ByteArrayOutputStream();
    PrintStream was = System.out;
    var work = SolverWork.now();
    long cpu = processCpuNanos();
    long start = System.nanoTime();
    int code;
    try (var capture = new PrintStream(out, true, StandardCharsets.UTF_8)) {
      System.setOut(capture);
      code = SimulateCommand.commandLine().execute(args.toArray(String[]::new));
    } finally {
      System.setOut(was);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    double cpuSeconds = (processCpuNanos() - cpu) / 1e9;
    var did = SolverWork.now().minus(work);
    System.out.printf(
        Locale.ROOT,
        "simulate %s, %d days x %d zones x %d starts, %s: %.1f s wall, %.1f s CPU on %d cores"
            + " (exit %d); stratus: %d tables solved (%.1f M cells), %d daily model refits%n  %s%n",
        mode,
        days,
        ZONES,
        starts,
        policies,
        seconds,
        cpuSeconds,
        Runtime.getRuntime().availableProcessors(),
        code,
        did.tablesSolved(),
        did.tableCells() / 1e6,
        did.modelRefits(),
        out.toString(StandardCharsets.UTF_8).strip());
    if (code != 0) {
      throw new UncheckedIOException(new IOException("simulate " + mode + " exited " + code));
    }
  }
}
