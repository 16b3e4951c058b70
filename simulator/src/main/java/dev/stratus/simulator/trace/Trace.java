package dev.stratus.simulator.trace;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One offering's spot trace as read from its file: the probe interval, when it starts (when the
 * file says), the count of available instances at each tick ({@link #NO_PROBE} where no probe ran),
 * and the prices the file carries: a spot price per tick, or one spot and one on-demand price per
 * instance-hour.
 */
public record Trace(
    String name,
    long gapSeconds,
    Optional<Instant> start,
    int[] counts,
    double[] spotPrices,
    OptionalDouble spotPrice,
    OptionalDouble onDemandPrice) {
  public static final int NO_PROBE = -1;

  public int ticks() {
    return counts.length;
  }
}
