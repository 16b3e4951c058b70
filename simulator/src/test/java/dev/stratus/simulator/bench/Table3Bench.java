package dev.stratus.simulator.bench;

import dev.stratus.simulator.SimulateCommand;
import dev.stratus.simulator.Table3;
import java.util.Locale;

/**
 * Times {@code stratus simulate single} on Can't Be Late's Table 3 setup: the 8 two-week traces x
 * 300 starts x greedy, uniform-progress, stratus and omniscient (target: under 60 s). Run it with
 * {@code mvn -B -q -Pbench-simulate -pl simulator -am process-test-classes}.
 */
public final class Table3Bench {
  private Table3Bench() {}

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    String[] command = Table3.args(300);
    long start = System.nanoTime();
    int code = SimulateCommand.commandLine().execute(command);
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        Locale.ROOT,
        "Table 3 run: 8 traces x 300 starts x 4 policies in %.1f s wall on %d cores (exit %d)%n",
        seconds,
        Runtime.getRuntime().availableProcessors(),
        code);
    if (code != 0) {
      System.exit(code);
    }
  }
}
