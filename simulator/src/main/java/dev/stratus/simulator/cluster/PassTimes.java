package dev.stratus.simulator.cluster;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * How long the controller's passes took in a replay: wall time per pass (mean, p99, max) and the
 * pass thread's CPU time (mean), which other processes on a shared machine do not inflate.
 */
final class PassTimes {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private long[] nanos = new long[1024];
  private long cpuNanos;
  private int count;

  /** Per pass, in microseconds. */
  record Timing(
      long passes, double meanMicros, double p99Micros, double maxMicros, double cpuMeanMicros) {}

  /** Runs one pass and records its time. */
  void time(Runnable pass) {
    long cpu = THREADS.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    pass.run();
    long elapsed = System.nanoTime() - start;
    cpuNanos += THREADS.getCurrentThreadCpuTime() - cpu;
    if (count == nanos.length) {
      nanos = Arrays.copyOf(nanos, count * 2);
    }
    nanos[count++] = elapsed;
  }

  Timing timing() {
    long[] sorted = Arrays.copyOf(nanos, count);
    Arrays.sort(sorted);
    double mean = Arrays.stream(sorted).average().orElse(0) / 1000;
    double p99 = count == 0 ? 0 : sorted[(int) Math.min(count - 1, count * 0.99)] / 1000.0;
    double max = count == 0 ? 0 : sorted[count - 1] / 1000.0;
    return new Timing(count, mean, p99, max, count == 0 ? 0 : cpuNanos / 1000.0 / count);
  }
}
