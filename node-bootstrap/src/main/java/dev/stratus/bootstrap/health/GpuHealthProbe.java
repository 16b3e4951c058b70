package dev.stratus.bootstrap.health;

import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.GpuHealthCodec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs every health check once against a real machine and prints what each read and how long it
 * took (bin/gpu-health-probe.sh runs it on a GPU machine; CI runs it against fixtures):
 *
 * <pre>
 * GpuHealthProbe --nvidia-smi PATH [--dcgmi PATH] [--kernel-log PATH] [--timeout-ms 30000]
 *     [--diag-level 1]
 * </pre>
 *
 * Exit 0 when every check ran (whatever it found), 1 when nvidia-smi gave no reading, 2 for bad
 * arguments.
 */
public final class GpuHealthProbe {
  private GpuHealthProbe() {}

  public static void main(String[] args) throws InterruptedException {
    System.exit(run(args, System.out));
  }

  static int run(String[] args, PrintStream out) throws InterruptedException {
    Path smi = null;
    Optional<Path> dcgmi = Optional.empty();
    Optional<Path> kernelLog = Optional.empty();
    Duration timeout = Duration.ofSeconds(30);
    int diagLevel = 1;
    try {
      for (int i = 0; i < args.length; i += 2) {
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(args[i] + " needs a value");
        }
        String v = args[i + 1];
        switch (args[i]) {
          case "--nvidia-smi" -> smi = Path.of(v);
          case "--dcgmi" -> dcgmi = Optional.of(Path.of(v));
          case "--kernel-log" -> kernelLog = Optional.of(Path.of(v));
          case "--timeout-ms" -> timeout = Duration.ofMillis(Long.parseLong(v));
          case "--diag-level" -> diagLevel = Integer.parseInt(v);
          default -> throw new IllegalArgumentException("unknown option " + args[i]);
        }
      }
      if (smi == null) {
        throw new IllegalArgumentException("--nvidia-smi is required");
      }
    } catch (IllegalArgumentException e) {
      System.err.println("gpu health probe: " + e.getMessage());
      System.err.println(
          "usage: GpuHealthProbe --nvidia-smi PATH [--dcgmi PATH] [--kernel-log PATH]"
              + " [--timeout-ms N] [--diag-level 1|2|3]");
      return 2;
    }
    GpuProbe.Read read = GpuProbe.read(smi, timeout);
    out.println(
        "nvidia-smi -q -x: "
            + read.status().name().toLowerCase()
            + (read.why().isEmpty() ? "" : ": " + read.why())
            + " ("
            + read.smiMillis()
            + " ms)");
    read.snapshot().ifPresent(s -> s.gpus().forEach(g -> out.println("  " + describe(g))));
    read.snapshot()
        .ifPresent(
            s ->
                out.println(
                    "nvidia-smi nvlink -s: "
                        + (read.nvlinkNote().isEmpty()
                            ? GpuAdmission.nvlinkSummary(s.nvlink())
                            : read.nvlinkNote())
                        + " ("
                        + read.nvlinkMillis()
                        + " ms)"));
    List<KernelLogXid.XidEvent> xids = new ArrayList<>();
    if (kernelLog.isPresent()) {
      long start = System.nanoTime();
      try {
        for (String line : KernelLog.readAll(kernelLog.get(), timeout)) {
          KernelLogXid.parse(line).ifPresent(xids::add);
        }
        out.println(
            "kernel log "
                + kernelLog.get()
                + ": "
                + xids.size()
                + " XID lines since boot ("
                + (System.nanoTime() - start) / 1_000_000
                + " ms)");
        xids.forEach(x -> out.println("  xid " + x.xid() + " on " + x.gpu() + ": " + x.message()));
      } catch (IOException e) {
        out.println("kernel log " + kernelLog.get() + ": cannot read: " + e.getMessage());
      }
    }
    List<GpuFinding> findings =
        HealthClassifier.classify(
            Optional.empty(), read.snapshot(), xids, 0, HealthClassifier.Policy.WATCH);
    out.println("findings: " + (findings.isEmpty() ? "none" : findings.size()));
    findings.forEach(f -> out.println("  " + f.action().wireName() + ": " + f.summary()));
    if (dcgmi.isPresent() && Files.isExecutable(dcgmi.get())) {
      DcgmDiag.Run run = DcgmDiag.run(dcgmi.get(), diagLevel, timeout);
      out.println(
          "dcgmi: "
              + (run.passed() ? "passed: " : "FAILED: ")
              + run.summary()
              + " ("
              + run.millis()
              + " ms)");
    } else {
      out.println(
          "dcgmi: not run ("
              + dcgmi.map(p -> p + " not found").orElse("no --dcgmi")
              + "; package "
              + DcgmDiag.PACKAGE
              + ")");
    }
    HealthWatcher w =
        new HealthWatcher("probe", "probe", 0, () -> read, List::of, Clock.systemUTC());
    out.println("watcher report: " + GpuHealthCodec.write(w.poll()));
    return read.snapshot().isPresent() ? 0 : 1;
  }

  static String describe(GpuReading g) {
    GpuReading.Ecc v = g.volatileEcc();
    GpuReading.Ecc a = g.aggregateEcc();
    GpuReading.Pcie p = g.pcie();
    return "GPU "
        + g.index()
        + " "
        + g.busId()
        + " "
        + g.product()
        + ": ECC volatile corr/unc "
        + v.correctable()
        + "/"
        + v.uncorrectable()
        + ", aggregate "
        + a.correctable()
        + "/"
        + a.uncorrectable()
        + "; remap corr/unc "
        + g.remap().correctable()
        + "/"
        + g.remap().uncorrectable()
        + " pending "
        + g.remap().pending().map(String::valueOf).orElse("n/a")
        + " failure "
        + g.remap().failure().map(String::valueOf).orElse("n/a")
        + "; retired pending "
        + g.retiredPagesPending().map(String::valueOf).orElse("n/a")
        + "; PCIe gen "
        + p.currentGen()
        + "/"
        + p.maxGen()
        + " x"
        + p.currentWidth()
        + "/x"
        + p.maxWidth()
        + "; idle "
        + g.idle()
        + " throttle "
        + (g.throttleReasons().isEmpty() ? "none" : String.join("+", g.throttleReasons()))
        + "; persistence "
        + g.persistence().map(String::valueOf).orElse("n/a")
        + "; "
        + g.temperatureC()
        + " C (slowdown margin "
        + (g.slowdownMarginC().isPresent() ? g.slowdownMarginC().getAsLong() + " C" : "n/a")
        + "); power "
        + g.powerDrawW()
        + "/"
        + g.powerLimitW()
        + " W; util "
        + g.utilizationPercent()
        + " %; memory "
        + g.memoryUsedMiB()
        + "/"
        + g.memoryTotalMiB()
        + " MiB";
  }
}
