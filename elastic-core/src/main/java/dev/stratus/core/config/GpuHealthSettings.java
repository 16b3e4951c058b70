package dev.stratus.core.config;

import java.time.Duration;
import java.util.Locale;

/**
 * A pool's {@code gpuHealth:} (stratus.yaml): what its nodes check before they take jobs and how
 * the controller treats what their watchers report.
 *
 * <ul>
 *   <li>{@code level}: the admission check the node agent runs before slurmd: 0 = the GPU inventory
 *       only, 1 = nvidia-smi health (ECC, row remaps, XIDs since boot, NVLink, PCIe, throttling,
 *       temperature, power), 2 = level 1 and DCGM's {@code dcgmi diag -r diagLevel};
 *   <li>{@code timeout}: the time box of each admission check (a hung nvidia-smi or dcgmi fails the
 *       check, never the boot);
 *   <li>{@code watchInterval}: how often the node's watcher reads its GPUs;
 *   <li>{@code strikes}: how many reports in a row must show a polled condition before the
 *       controller acts on it (one transient read never drains a node; a kernel-log XID event is
 *       acted on at once);
 *   <li>{@code staleAfter}: a report read longer ago than this is ignored;
 *   <li>{@code grace}: after a fault that interrupts jobs, how long the jobs get to write a
 *       checkpoint before they are requeued (they are requeued at once when it lands);
 *   <li>{@code idle}: the idle-GPU policy ({@link IdlePolicy}).
 * </ul>
 */
public record GpuHealthSettings(
    int level,
    Duration timeout,
    int diagLevel,
    Duration watchInterval,
    int strikes,
    Duration staleAfter,
    Duration grace,
    IdlePolicy idle) {
  public static final GpuHealthSettings DEFAULTS =
      new GpuHealthSettings(
          0,
          Duration.ofSeconds(60),
          1,
          Duration.ofSeconds(5),
          3,
          Duration.ofSeconds(30),
          Duration.ofSeconds(60),
          IdlePolicy.DEFAULTS);

  public GpuHealthSettings {
    if (level < 0 || level > 2) {
      throw new IllegalArgumentException("level must be 0, 1 or 2, got " + level);
    }
    if (diagLevel < 1 || diagLevel > 3) {
      throw new IllegalArgumentException("diagLevel must be 1, 2 or 3, got " + diagLevel);
    }
    positive("timeout", timeout);
    positive("watchInterval", watchInterval);
    positive("staleAfter", staleAfter);
    if (grace.isNegative()) {
      throw new IllegalArgumentException("grace must be >= 0, got " + grace);
    }
    if (strikes < 1 || strikes > 100) {
      throw new IllegalArgumentException("strikes must be 1..100, got " + strikes);
    }
  }

  private static void positive(String key, Duration d) {
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(key + " must be > 0, got " + d);
    }
  }

  /**
   * GPUs held by a job count as idle while their mean utilization stays below {@code belowPercent}
   * for {@code after}; then the job is reported (always) and, if {@code action} says so, signalled,
   * requeued or cancelled with the reason in its comment. {@code off} disables the policy.
   */
  public record IdlePolicy(boolean enabled, int belowPercent, Duration after, IdleAction action) {
    public static final IdlePolicy DEFAULTS =
        new IdlePolicy(true, 5, Duration.ofMinutes(30), IdleAction.REPORT);

    public IdlePolicy {
      if (belowPercent < 1 || belowPercent > 100) {
        throw new IllegalArgumentException(
            "idle.below must be 1..100 (percent), got " + belowPercent);
      }
      if (after.isNegative() || after.isZero()) {
        throw new IllegalArgumentException("idle.after must be > 0, got " + after);
      }
    }
  }

  /** What the controller does to a job whose GPUs stay idle. */
  public enum IdleAction {
    REPORT,
    SIGNAL,
    REQUEUE,
    CANCEL;

    public static IdleAction parse(String s) {
      try {
        return valueOf(s.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "idle.action must be report, signal, requeue or cancel, got '" + s + "'");
      }
    }

    public String configName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Reads a pool's {@code gpuHealth:} section; the defaults when it has none. */
  static GpuHealthSettings read(Fields pool) {
    return pool.section(
            "gpuHealth",
            "level",
            "timeout",
            "diagLevel",
            "watchInterval",
            "strikes",
            "staleAfter",
            "grace",
            "idle")
        .map(
            f -> {
              IdlePolicy idle =
                  f.section("idle", "enabled", "below", "after", "action")
                      .map(
                          i ->
                              ConfigLoader.build(
                                  i,
                                  () ->
                                      new IdlePolicy(
                                          i.bool("enabled", true),
                                          i.integer("below", IdlePolicy.DEFAULTS.belowPercent()),
                                          i.duration("after", IdlePolicy.DEFAULTS.after()),
                                          IdleAction.parse(
                                              i.string(
                                                  "action",
                                                  IdlePolicy.DEFAULTS.action().configName())))))
                      .orElse(IdlePolicy.DEFAULTS);
              return ConfigLoader.build(
                  f,
                  () ->
                      new GpuHealthSettings(
                          f.integer("level", DEFAULTS.level()),
                          f.duration("timeout", DEFAULTS.timeout()),
                          f.integer("diagLevel", DEFAULTS.diagLevel()),
                          f.duration("watchInterval", DEFAULTS.watchInterval()),
                          f.integer("strikes", DEFAULTS.strikes()),
                          f.duration("staleAfter", DEFAULTS.staleAfter()),
                          f.duration("grace", DEFAULTS.grace()),
                          idle));
            })
        .orElse(DEFAULTS);
  }
}
