package dev.stratus.bootstrap.health;

import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.HealthAction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The agent's {@code gpu-health} step: the pool's checks ({@link GpuHealthCheck}) before slurmd
 * registers. Level 1: nvidia-smi's health ({@link GpuProbe}), NVLink, and the kernel log's XIDs
 * since boot, classified by {@link HealthClassifier}; any finding whose action is more than {@code
 * ok} refuses the node. Level 2: also {@code dcgmi diag}. Every check runs within the time box and
 * says what it read, whether it passed or not.
 */
public final class GpuAdmission {
  private GpuAdmission() {}

  /** One check: its name, whether it passed, what it read, how long it took. */
  public record Check(String name, boolean ok, String read, long millis) {
    String line() {
      return name + (ok ? " ok: " : " FAILED: ") + read + " (" + millis + " ms)";
    }
  }

  /** All checks run; {@link #message} is the status line's. */
  public record Outcome(int level, List<Check> checks, String failure) {
    public Outcome {
      checks = List.copyOf(checks);
    }

    public boolean ok() {
      return failure.isEmpty();
    }

    /**
     * Failed: {@code gpu-health: level 1: GPU 00000000:3B:00.0 ecc-uncorrectable: volatile DRAM
     * uncorrectable 2; slurmd not started}. Passed: each check and what it read.
     */
    public String message() {
      if (!ok()) {
        return "gpu-health: level " + level + ": " + failure + "; slurmd not started";
      }
      return "gpu-health: level "
          + level
          + " ok: "
          + checks.stream().map(Check::line).collect(Collectors.joining("; "));
    }
  }

  public static Outcome run(GpuHealthCheck check, int expectedGpus) throws InterruptedException {
    List<Check> checks = new ArrayList<>();
    GpuProbe.Read read = GpuProbe.read(check.nvidiaSmi(), check.timeout());
    if (read.snapshot().isEmpty()) {
      checks.add(new Check("nvidia-smi", false, read.why(), read.smiMillis()));
      return new Outcome(check.level(), checks, "nvidia-smi: " + read.why());
    }
    GpuSnapshot snap = read.snapshot().get();
    checks.add(new Check("nvidia-smi", true, summary(snap.gpus()), read.smiMillis()));
    checks.add(
        new Check(
            "nvlink",
            true,
            read.nvlinkNote().isEmpty() ? nvlinkSummary(snap.nvlink()) : read.nvlinkNote(),
            read.nvlinkMillis()));
    long start = System.nanoTime();
    List<KernelLogXid.XidEvent> xids = new ArrayList<>();
    try {
      for (String line : KernelLog.readAll(check.kernelLog(), check.timeout())) {
        KernelLogXid.parse(line).ifPresent(xids::add);
      }
    } catch (IOException e) {
      String why = "cannot read " + check.kernelLog() + ": " + e.getMessage();
      checks.add(new Check("kernel-log", false, why, millisSince(start)));
      return new Outcome(check.level(), checks, "kernel-log: " + why);
    }
    checks.add(
        new Check(
            "kernel-log",
            true,
            check.kernelLog()
                + ": "
                + xids.size()
                + " XID lines since boot"
                + (xids.isEmpty()
                    ? ""
                    : " ("
                        + xids.stream()
                            .map(x -> String.valueOf(x.xid()))
                            .distinct()
                            .collect(Collectors.joining(", "))
                        + ")"),
            millisSince(start)));
    List<GpuFinding> bad =
        HealthClassifier.classify(
                Optional.empty(),
                read.snapshot(),
                xids,
                expectedGpus,
                new HealthClassifier.Policy(
                    HealthClassifier.Policy.WATCH.correctableStorm(), check.requirePersistence()))
            .stream()
            .filter(f -> f.action() != HealthAction.OK)
            .toList();
    if (!bad.isEmpty()) {
      GpuFinding f = bad.get(0);
      String what = f.xid() > 0 ? "xid " + f.xid() : f.errorClass();
      return new Outcome(
          check.level(),
          checks,
          "GPU "
              + f.gpu()
              + " "
              + what
              + ": "
              + f.detail()
              + " (action "
              + f.action().wireName()
              + ")"
              + (bad.size() > 1 ? " and " + (bad.size() - 1) + " more" : ""));
    }
    if (check.level() >= 2) {
      Optional<Check> dcgm = dcgmi(check, checks);
      if (dcgm.isPresent()) {
        return new Outcome(check.level(), checks, dcgm.get().name() + ": " + dcgm.get().read());
      }
    }
    return new Outcome(check.level(), checks, "");
  }

  /** Runs the diagnostic; the failed check, or empty when it passed. */
  private static Optional<Check> dcgmi(GpuHealthCheck check, List<Check> checks)
      throws InterruptedException {
    Optional<Path> dcgmi = check.dcgmi().filter(Files::isExecutable);
    if (dcgmi.isEmpty()) {
      Check c =
          new Check(
              "dcgmi",
              false,
              "DCGM is not installed ("
                  + check.dcgmi().map(p -> p + " not found").orElse("no dcgmi configured")
                  + "): install the "
                  + DcgmDiag.PACKAGE
                  + " package, or set the pool's gpuHealth level to 1",
              0);
      checks.add(c);
      return Optional.of(c);
    }
    DcgmDiag.Run run = DcgmDiag.run(dcgmi.get(), check.diagLevel(), check.timeout());
    Check c = new Check("dcgmi", run.passed(), run.summary(), run.millis());
    checks.add(c);
    return run.passed() ? Optional.empty() : Optional.of(c);
  }

  /** What nvidia-smi read, in a line: {@code 8 GPUs; volatile uncorrectable ECC 0; ...}. */
  static String summary(List<GpuReading> gpus) {
    long unc = 0;
    long aggUnc = 0;
    long remapPending = 0;
    long persistent = 0;
    long hottest = -1;
    List<String> throttled = new ArrayList<>();
    List<String> links = new ArrayList<>();
    for (GpuReading g : gpus) {
      unc += Math.max(0, g.volatileEcc().uncorrectable());
      aggUnc += Math.max(0, g.aggregateEcc().uncorrectable());
      remapPending += g.remap().pending().orElse(false) ? 1 : 0;
      persistent += g.persistence().orElse(false) ? 1 : 0;
      hottest = Math.max(hottest, g.temperatureC());
      if (!g.throttleReasons().isEmpty()) {
        throttled.add(g.index() + ":" + String.join("+", g.throttleReasons()));
      }
      GpuReading.Pcie p = g.pcie();
      links.add(
          "gen" + p.currentGen() + "/" + p.maxGen() + " x" + p.currentWidth() + "/" + p.maxWidth());
    }
    return gpus.size()
        + " GPUs; volatile uncorrectable ECC "
        + unc
        + ", aggregate "
        + aggUnc
        + "; row remap pending on "
        + remapPending
        + "; persistence on "
        + persistent
        + "/"
        + gpus.size()
        + "; hottest "
        + (hottest < 0 ? "unknown" : hottest + " C")
        + "; throttle "
        + (throttled.isEmpty() ? "none" : String.join(" ", throttled))
        + "; PCIe "
        + links.stream().distinct().collect(Collectors.joining(" "));
  }

  static String nvlinkSummary(List<NvlinkStatus.Gpu> gpus) {
    int active = gpus.stream().mapToInt(g -> g.active().size()).sum();
    int down = NvlinkStatus.down(gpus).stream().mapToInt(g -> g.inactive().size()).sum();
    return gpus.size() + " GPUs, " + active + " links active, " + down + " down";
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
