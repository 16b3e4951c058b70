package dev.stratus.simulator.bench;

import dev.stratus.simulator.trace.Trace;
import dev.stratus.simulator.trace.TraceReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;

/**
 * Long spot traces for the replay benchmark, made up deterministically from a seed, since the
 * 45-day traces the issue measured are not in the repository. Each zone is a two-state (up, down)
 * semi-Markov chain: its runs alternate, each run's length drawn (in seconds, uniformly, with
 * replacement) from the runs of the same state in one of the repository's Can't Be Late traces (2
 * weeks, 600 s ticks; zone z copies trace z mod 8, so the zones differ as the traces do), then
 * probed every {@code gapSeconds}. Runs are independent of each other and of the other zones: the
 * traces have the source's run lengths but not its correlations.
 */
final class SyntheticTraces {
  static final String START = "2026-01-01T00:00:00+00:00";

  private final List<Runs> sources;

  private record Runs(String name, long[] up, long[] down) {}

  private SyntheticTraces(List<Runs> sources) {
    this.sources = sources;
  }

  /** The run lengths of every trace in {@code dir} (only their first {@code hours}). */
  static SyntheticTraces from(Path dir, int hours) {
    List<Runs> runs = new ArrayList<>();
    for (Trace t : TraceReader.readDirectory(dir)) {
      int ticks = (int) Math.min(t.ticks(), hours * 3600L / t.gapSeconds());
      List<Long> up = new ArrayList<>();
      List<Long> down = new ArrayList<>();
      int from = 0;
      for (int i = 1; i <= ticks; i++) {
        if (i == ticks || (t.counts()[i] > 0) != (t.counts()[from] > 0)) {
          (t.counts()[from] > 0 ? up : down).add((i - from) * t.gapSeconds());
          from = i;
        }
      }
      runs.add(new Runs(t.name(), toArray(up), toArray(down)));
    }
    return new SyntheticTraces(runs);
  }

  private static long[] toArray(List<Long> list) {
    return list.stream().mapToLong(Long::longValue).toArray();
  }

  /** Where zone {@code zone}'s run lengths come from. */
  String source(int zone) {
    return sources.get(zone % sources.size()).name();
  }

  /** Zone {@code zone}'s availability (1 or 0) at each of {@code ticks} probes. */
  int[] zone(int zone, int ticks, long gapSeconds, long seed) {
    Runs src = sources.get(zone % sources.size());
    Random random = new Random(seed * 1_000_003L + zone);
    int[] data = new int[ticks];
    boolean up = random.nextBoolean();
    long runEnd = 0;
    for (int i = 0; i < ticks; i++) {
      long t = i * gapSeconds;
      while (t >= runEnd) {
        up = runEnd == 0 ? up : !up;
        long[] lengths = up ? src.up() : src.down();
        runEnd += lengths.length == 0 ? gapSeconds : lengths[random.nextInt(lengths.length)];
      }
      data[i] = up ? 1 : 0;
    }
    return data;
  }

  /**
   * Writes {@code zones} trace files of {@code days} into {@code dir} (same start, so {@code multi}
   * aligns them), named {@code zone-NN.json}; returns {@code dir}.
   */
  Path write(Path dir, int zones, int days, long gapSeconds, long seed) {
    int ticks = (int) (days * 86_400L / gapSeconds);
    try {
      Files.createDirectories(dir);
      for (int z = 0; z < zones; z++) {
        StringJoiner data = new StringJoiner(",", "[", "]");
        for (int v : zone(z, ticks, gapSeconds, seed)) {
          data.add(Integer.toString(v));
        }
        String json =
            "{\"metadata\": {\"gap_seconds\": "
                + gapSeconds
                + ", \"start_time\": \""
                + START
                + "\", \"source\": \""
                + source(z)
                + "\"}, \"data\": "
                + data
                + "}";
        Files.writeString(dir.resolve(String.format("zone-%02d.json", z)), json);
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(dir + ": cannot write the synthetic traces", e);
    }
  }
}
