package dev.stratus.simulator.trace;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * Offerings one job may use, on one clock: per location and tick whether spot is available to a
 * gang of N (count >= N; a missing probe repeats the last count), the spot price per tick and the
 * on-demand price. Ticks where a location's file has no data count as unavailable.
 */
public record Market(
    List<String> locations,
    long gapSeconds,
    Instant start,
    boolean[][] available,
    double[][] spotPrice,
    double[] onDemandPrice) {

  public int ticks() {
    return available[0].length;
  }

  public Instant time(int tick) {
    return start.plusSeconds(tick * gapSeconds);
  }

  /** The location with the cheapest on-demand price (first on ties). */
  public int cheapestOnDemand() {
    int best = 0;
    for (int l = 1; l < onDemandPrice.length; l++) {
      if (onDemandPrice[l] < onDemandPrice[best]) {
        best = l;
      }
    }
    return best;
  }

  public static Market of(List<Trace> traces, int gang, Prices prices, Path dir) {
    if (traces.isEmpty()) {
      throw new TraceFormatException(dir, "holds no trace");
    }
    long gap = traces.get(0).gapSeconds();
    boolean timed = traces.get(0).start().isPresent();
    for (Trace t : traces) {
      if (t.gapSeconds() != gap) {
        throw new TraceFormatException(
            dir.resolve(t.name() + ".json"),
            "gap_seconds "
                + t.gapSeconds()
                + " differs from "
                + gap
                + " of "
                + traces.get(0).name()
                + "; zones used together must share a probe interval");
      }
      if (t.start().isPresent() != timed) {
        throw new TraceFormatException(
            dir.resolve(t.name() + ".json"),
            "start_time must be given in every file of a directory or in none");
      }
    }
    Instant start =
        timed
            ? traces.stream()
                .map(t -> t.start().orElseThrow())
                .min(Instant::compareTo)
                .orElseThrow()
            : Instant.EPOCH;
    int[] offset = new int[traces.size()];
    int ticks = 0;
    for (int l = 0; l < traces.size(); l++) {
      Trace t = traces.get(l);
      long seconds = timed ? t.start().orElseThrow().getEpochSecond() - start.getEpochSecond() : 0;
      offset[l] = (int) (seconds / gap);
      ticks = Math.max(ticks, offset[l] + t.ticks());
    }
    boolean[][] available = new boolean[traces.size()][ticks];
    double[][] spot = new double[traces.size()][ticks];
    double[] onDemand = new double[traces.size()];
    for (int l = 0; l < traces.size(); l++) {
      Trace t = traces.get(l);
      Path file = dir.resolve(t.name() + ".json");
      int last = 0;
      for (int i = 0; i < t.ticks(); i++) {
        last = t.counts()[i] == Trace.NO_PROBE ? last : t.counts()[i];
        available[l][offset[l] + i] = last >= gang;
      }
      fillSpot(spot[l], t, prices, file, offset[l]);
      onDemand[l] =
          prices.onDemand().isPresent()
              ? prices.onDemand().getAsDouble()
              : t.onDemandPrice()
                  .orElseThrow(
                      () ->
                          new TraceFormatException(
                              file, "has no on-demand price; give --on-demand-price"));
    }
    return new Market(
        traces.stream().map(Trace::name).toList(), gap, start, available, spot, onDemand);
  }

  private static void fillSpot(double[] out, Trace t, Prices prices, Path file, int offset) {
    if (prices.spot().isPresent()) {
      Arrays.fill(out, prices.spot().getAsDouble());
    } else if (t.spotPrices() != null) {
      Arrays.fill(out, t.spotPrices()[0]);
      System.arraycopy(t.spotPrices(), 0, out, offset, t.ticks());
      Arrays.fill(out, offset + t.ticks(), out.length, t.spotPrices()[t.ticks() - 1]);
    } else if (t.spotPrice().isPresent()) {
      Arrays.fill(out, t.spotPrice().getAsDouble());
    } else {
      throw new TraceFormatException(file, "has no spot price; give --spot-price");
    }
  }
}
