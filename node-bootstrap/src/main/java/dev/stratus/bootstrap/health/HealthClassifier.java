package dev.stratus.bootstrap.health;

import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.HealthAction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns what a poll read into findings, by {@link XidCatalog}'s table: a pure function of the
 * previous poll, this one, the kernel log's new XID lines and the number of GPUs the node was
 * launched with. Polled conditions are findings with {@code event=false} (the controller acts on
 * them after several polls in a row); kernel-log XIDs are events ({@code event=true}).
 */
public final class HealthClassifier {
  /** Clock event reasons that mean the hardware is holding the GPU back. */
  static final Set<String> HARD_THROTTLE =
      Set.of(
          "hw_slowdown", "hw_thermal_slowdown", "hw_power_brake_slowdown", "sw_thermal_slowdown");

  /**
   * How strict: {@code correctableStorm}, the rise of volatile correctable ECC errors between two
   * polls that counts as a storm; {@code requirePersistence}, whether persistence mode off is a
   * finding (admission, when the pool asks).
   */
  public record Policy(long correctableStorm, boolean requirePersistence) {
    public static final Policy WATCH = new Policy(100, false);
  }

  private HealthClassifier() {}

  /**
   * Findings for this poll. {@code now} empty: nvidia-smi did not answer, only the XIDs count.
   * {@code previous} empty: the first poll (no storm can be seen yet).
   */
  public static List<GpuFinding> classify(
      Optional<GpuSnapshot> previous,
      Optional<GpuSnapshot> now,
      List<KernelLogXid.XidEvent> xids,
      int expectedGpus,
      Policy policy) {
    List<GpuFinding> out = new ArrayList<>();
    now.ifPresent(n -> out.addAll(polled(previous, n, expectedGpus, policy)));
    for (KernelLogXid.XidEvent x : xids) {
      out.add(event(x));
    }
    return out;
  }

  /** The finding for one kernel-log XID line. */
  public static GpuFinding event(KernelLogXid.XidEvent x) {
    XidCatalog.Entry e = XidCatalog.entry(x.xid());
    String detail = e.group() + ": " + (x.message().isEmpty() ? e.meaning() : x.message());
    return new GpuFinding(
        x.gpu(), "xid", x.xid(), XidCatalog.action(x.xid(), x.message()), true, detail);
  }

  static List<GpuFinding> polled(
      Optional<GpuSnapshot> previous, GpuSnapshot now, int expectedGpus, Policy policy) {
    List<GpuFinding> out = new ArrayList<>();
    Map<String, GpuReading> before = new HashMap<>();
    previous.ifPresent(p -> p.gpus().forEach(g -> before.put(g.busId(), g)));
    for (GpuReading g : now.gpus()) {
      gpu(g, Optional.ofNullable(before.get(g.busId())), policy, out);
    }
    missing(previous, now, expectedGpus, out);
    nvlink(now, out);
    return out;
  }

  private static void gpu(
      GpuReading g, Optional<GpuReading> before, Policy policy, List<GpuFinding> out) {
    GpuReading.Ecc v = g.volatileEcc();
    if (v.uncorrectable() > 0) {
      List<String> parts = new ArrayList<>();
      if (v.dramUncorrectable() > 0) {
        parts.add("volatile DRAM uncorrectable " + v.dramUncorrectable());
      }
      if (v.sramUncorrectable() > 0) {
        parts.add("volatile SRAM uncorrectable " + v.sramUncorrectable());
      }
      add(out, g, "ecc-uncorrectable", String.join(", ", parts));
    }
    if (before.isPresent()) {
      long was = before.get().volatileEcc().correctable();
      long is = v.correctable();
      if (was >= 0 && is >= 0 && is - was >= policy.correctableStorm()) {
        add(
            out,
            g,
            "ecc-correctable-storm",
            "volatile correctable " + was + " -> " + is + " since the last poll");
      }
    }
    if (g.remap().failure().orElse(false)) {
      add(out, g, "row-remap-failure", "remapped_row_failure Yes");
    }
    if (g.remap().pending().orElse(false)) {
      add(out, g, "row-remap-pending", "remapped_row_pending Yes");
    }
    if (g.retiredPagesPending().orElse(false)) {
      add(out, g, "retired-pages-pending", "retired pages pending");
    }
    pcie(g, out);
    List<String> hard = g.throttleReasons().stream().filter(HARD_THROTTLE::contains).toList();
    if (!hard.isEmpty()) {
      add(out, g, "throttle", "clocks event reasons active: " + String.join(", ", hard));
    }
    if (g.slowdownMarginC().isPresent() && g.slowdownMarginC().getAsLong() <= 0) {
      add(
          out,
          g,
          "temperature",
          "GPU "
              + g.temperatureC()
              + " C, "
              + -g.slowdownMarginC().getAsLong()
              + " C past the slowdown threshold");
    }
    if (g.powerLimitW() > 0 && g.powerDrawW() > g.powerLimitW() * 1.1) {
      add(out, g, "power", "power draw " + g.powerDrawW() + " W, limit " + g.powerLimitW() + " W");
    }
    if (policy.requirePersistence() && g.persistence().isPresent() && !g.persistence().get()) {
      add(
          out,
          g,
          "persistence-off",
          HealthAction.DRAIN_AFTER_JOB,
          "persistence mode Disabled, the pool requires it");
    }
  }

  private static void pcie(GpuReading g, List<GpuFinding> out) {
    GpuReading.Pcie p = g.pcie();
    boolean narrow = p.maxWidth() > 0 && p.currentWidth() > 0 && p.currentWidth() < p.maxWidth();
    boolean busy = !g.idle() && g.utilizationPercent() > 0;
    boolean slow = busy && p.maxGen() > 0 && p.currentGen() > 0 && p.currentGen() < p.maxGen();
    if (narrow || slow) {
      add(
          out,
          g,
          "pcie-degraded",
          "PCIe gen "
              + p.currentGen()
              + " of "
              + p.maxGen()
              + ", width x"
              + p.currentWidth()
              + " of x"
              + p.maxWidth());
    }
  }

  private static void missing(
      Optional<GpuSnapshot> previous, GpuSnapshot now, int expectedGpus, List<GpuFinding> out) {
    if (now.gpus().size() >= expectedGpus) {
      return;
    }
    Set<String> present = now.gpus().stream().map(GpuReading::busId).collect(Collectors.toSet());
    List<String> gone = new ArrayList<>();
    previous.ifPresent(
        p ->
            p.gpus().stream()
                .map(GpuReading::busId)
                .filter(b -> !present.contains(b))
                .forEach(gone::add));
    Set<Integer> indexes = new HashSet<>();
    now.gpus().forEach(g -> indexes.add(g.index()));
    for (int i = 0; gone.size() < expectedGpus - now.gpus().size() && i < expectedGpus; i++) {
      if (!indexes.contains(i)) {
        gone.add(Integer.toString(i));
      }
    }
    String detail = now.gpus().size() + " of " + expectedGpus + " GPUs listed";
    for (String gpu : gone) {
      out.add(
          new GpuFinding(
              gpu, "gpu-missing", 0, XidCatalog.rule("gpu-missing").action(), false, detail));
    }
  }

  private static void nvlink(GpuSnapshot now, List<GpuFinding> out) {
    Map<String, String> busByUuid = new HashMap<>();
    now.gpus().forEach(g -> busByUuid.put(g.uuid(), g.busId()));
    for (NvlinkStatus.Gpu d : NvlinkStatus.down(now.nvlink())) {
      String gpu = busByUuid.getOrDefault(d.uuid(), Integer.toString(d.smiIndex()));
      out.add(
          new GpuFinding(
              gpu,
              "nvlink-down",
              0,
              XidCatalog.rule("nvlink-down").action(),
              false,
              "links "
                  + d.inactive().stream().map(String::valueOf).collect(Collectors.joining(", "))
                  + " inactive, "
                  + d.active().size()
                  + " active"));
    }
  }

  private static void add(List<GpuFinding> out, GpuReading g, String errorClass, String detail) {
    add(out, g, errorClass, XidCatalog.rule(errorClass).action(), detail);
  }

  private static void add(
      List<GpuFinding> out, GpuReading g, String errorClass, HealthAction action, String detail) {
    String gpu = g.busId().isBlank() ? Integer.toString(g.index()) : g.busId();
    out.add(new GpuFinding(gpu, errorClass, 0, action, false, detail));
  }
}
