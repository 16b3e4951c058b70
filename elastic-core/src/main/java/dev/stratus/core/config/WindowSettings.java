package dev.stratus.core.config;

import java.time.Duration;

/**
 * A pool's {@code window:} (stratus.yaml): how its windowed capacity (reservations, blocks,
 * flex-start) is used.
 *
 * <ul>
 *   <li>{@code margin}: a job goes onto windowed capacity only if now + its time limit + this is
 *       before the window's end (a job with no time limit never does);
 *   <li>{@code lead}: this long before the end, running jobs are signalled to checkpoint and
 *       requeued (the spot notice chain, with the end as the deadline), so none is still running
 *       when the cloud takes the nodes.
 * </ul>
 *
 * <p>Idle reserved nodes power down after Slurm's SuspendTime like any other (their hours are paid
 * either way: the block report shows them as idle).
 */
public record WindowSettings(Duration margin, Duration lead) {
  public static final WindowSettings DEFAULTS =
      new WindowSettings(Duration.ofMinutes(5), Duration.ofMinutes(10));

  public WindowSettings {
    if (margin == null || margin.isNegative()) {
      throw new IllegalArgumentException("window.margin must be >= 0, got " + margin);
    }
    if (lead == null || lead.isNegative() || lead.isZero()) {
      throw new IllegalArgumentException("window.lead must be > 0, got " + lead);
    }
  }

  static WindowSettings read(Fields pool) {
    return pool.section("window", "margin", "lead")
        .map(
            f ->
                ConfigLoader.build(
                    f,
                    () ->
                        new WindowSettings(
                            f.duration("margin", DEFAULTS.margin()),
                            f.duration("lead", DEFAULTS.lead()))))
        .orElse(DEFAULTS);
  }
}
