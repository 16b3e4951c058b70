package dev.stratus.bootstrap.health;

import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.GpuSample;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The node's GPU health watcher: every interval one time-boxed read ({@link GpuProbe}), the kernel
 * log's new lines, the classification ({@link HealthClassifier}), and a {@link GpuHealthReport}
 * handed to the sink (a signed POST to the controller). A hung nvidia-smi gives a {@code timed_out}
 * report, a failing one {@code failed}: never a finding by itself, and the loop goes on after the
 * time box. A report the sink cannot deliver is logged and dropped: the next poll sends a fresh
 * one.
 *
 * <p>The sequence is the clock's milliseconds at the read (one more than the last when the clock
 * has not moved), so a restarted watcher's reports, and those of Slurm's HealthCheckProgram running
 * the same checker once, come in the order they were read.
 */
public final class HealthWatcher {
  /** One read of the GPUs. */
  public interface Reader {
    GpuProbe.Read read() throws InterruptedException;
  }

  /** The kernel log's lines since the last call. */
  public interface LogSource {
    List<String> poll() throws IOException;
  }

  /** Where reports go. */
  public interface Sink {
    void send(GpuHealthReport report) throws IOException, InterruptedException;
  }

  /** Waits between polls; a seam so tests never sleep. */
  public interface Pause {
    void pause(Duration d) throws InterruptedException;
  }

  private final String node;
  private final String instanceId;
  private final Reader reader;
  private final LogSource log;
  private final Clock clock;
  private int expectedGpus;
  private long sequence;
  private Optional<GpuSnapshot> previous = Optional.empty();

  /**
   * {@code expectedGpus}: how many GPUs the node was launched with (0: the most any read has
   * listed, so a GPU that falls off the bus is still missed).
   */
  public HealthWatcher(
      String node, String instanceId, int expectedGpus, Reader reader, LogSource log, Clock clock) {
    this.node = node;
    this.instanceId = instanceId;
    this.expectedGpus = expectedGpus;
    this.reader = reader;
    this.log = log;
    this.clock = clock;
    this.sequence = clock.millis() - 1; // the first report is the clock's milliseconds
  }

  /** One poll: read, classify, report. */
  public GpuHealthReport poll() throws InterruptedException {
    GpuProbe.Read read = reader.read();
    if (!read.why().isEmpty()) {
      System.err.println("gpu health: " + read.status().name().toLowerCase() + ": " + read.why());
    }
    List<KernelLogXid.XidEvent> xids = new ArrayList<>();
    try {
      for (String line : log.poll()) {
        KernelLogXid.parse(line).ifPresent(xids::add);
      }
    } catch (IOException e) {
      System.err.println("gpu health: cannot read the kernel log: " + e.getMessage());
    }
    read.snapshot().ifPresent(s -> expectedGpus = Math.max(expectedGpus, s.gpus().size()));
    List<GpuFinding> findings =
        HealthClassifier.classify(
            previous, read.snapshot(), xids, expectedGpus, HealthClassifier.Policy.WATCH);
    if (read.snapshot().isPresent()) {
      previous = read.snapshot();
    }
    if (findings.size() > GpuHealthReport.MAX_FINDINGS) {
      findings = findings.subList(0, GpuHealthReport.MAX_FINDINGS);
    }
    return new GpuHealthReport(
        node,
        instanceId,
        clock.instant(),
        nextSequence(),
        read.status(),
        findings,
        read.snapshot().map(HealthWatcher::samples).orElse(List.of()));
  }

  /** Polls every {@code interval} until interrupted; a report the sink refuses is logged. */
  private long nextSequence() {
    sequence = Math.max(sequence + 1, clock.millis());
    return sequence;
  }

  public void run(Duration interval, Sink sink, Pause pause) {
    try {
      while (!Thread.currentThread().isInterrupted()) {
        GpuHealthReport r = poll();
        try {
          sink.send(r);
        } catch (IOException e) {
          System.err.println(
              "gpu health report " + r.sequence() + " not delivered: " + e.getMessage());
        }
        pause.pause(interval);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * A sample per GPU whose index, utilization and memory are known; a GPU with unknown use is left
   * out rather than reported idle.
   */
  static List<GpuSample> samples(GpuSnapshot s) {
    List<GpuSample> out = new ArrayList<>();
    for (GpuReading g : s.gpus()) {
      if (g.index() < 0
          || g.index() > 255
          || g.utilizationPercent() < 0
          || g.utilizationPercent() > 100
          || g.memoryUsedMiB() < 0
          || g.memoryTotalMiB() < 0
          || out.size() >= GpuHealthReport.MAX_GPUS) {
        continue;
      }
      out.add(
          new GpuSample(
              g.index(),
              g.busId(),
              (int) g.utilizationPercent(),
              g.memoryUsedMiB(),
              g.memoryTotalMiB()));
    }
    return out;
  }
}
