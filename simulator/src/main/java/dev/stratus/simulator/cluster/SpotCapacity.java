package dev.stratus.simulator.cluster;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.simulator.trace.Trace;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How many spot instances each spot offering can hold for us, tick by tick, from the traces: the
 * offering's zone names its file ({@code <zone>.json}; a zoneless offering: {@code <region>.json}).
 * A count is the number of instances the cloud would have running for us at that tick (a missing
 * probe repeats the last count). The traces cover days, a replayed job stream months: {@code
 * origin} is the trace's first tick, and time past the trace's end wraps around to its start.
 * On-demand capacity is never short.
 */
final class SpotCapacity {
  private final Map<OfferingKey, int[]> counts = new HashMap<>();
  private final long gapSeconds;
  private final Instant origin;

  SpotCapacity(List<Pool> pools, List<Trace> traces, Path dir) {
    Map<String, Trace> byName = new HashMap<>();
    traces.forEach(t -> byName.put(t.name(), t));
    if (traces.isEmpty()) {
      throw new IllegalArgumentException(dir + ": holds no trace (*.json)");
    }
    Trace first = traces.get(0);
    gapSeconds = first.gapSeconds();
    origin = first.start().orElse(Instant.EPOCH);
    for (Pool pool : pools) {
      for (Offering o : pool.offerings()) {
        if (o.capacityType() != CapacityType.SPOT || counts.containsKey(o.key())) {
          continue;
        }
        String name = o.key().zone().isEmpty() ? o.key().region() : o.key().zone();
        Trace t = byName.get(name);
        if (t == null) {
          throw new IllegalArgumentException(
              "spot offering "
                  + o.key()
                  + " of pool "
                  + pool.name()
                  + " has no trace: expected "
                  + dir.resolve(name + ".json"));
        }
        if (t.gapSeconds() != gapSeconds) {
          throw new IllegalArgumentException(
              dir.resolve(name + ".json") + ": gap_seconds differs from " + first.name() + "'s");
        }
        counts.put(o.key(), filled(t.counts()));
      }
    }
  }

  Instant origin() {
    return origin;
  }

  long gapSeconds() {
    return gapSeconds;
  }

  /** Instances the offering can hold at {@code t}; on-demand: unbounded. */
  int count(OfferingKey key, Instant t) {
    int[] c = counts.get(key);
    if (c == null) {
      return Integer.MAX_VALUE;
    }
    long tick = Math.floorDiv(t.getEpochSecond() - origin.getEpochSecond(), gapSeconds);
    return c[(int) Math.floorMod(tick, (long) c.length)];
  }

  /** The start of the tick after the one holding {@code t}. */
  Instant nextTick(Instant t) {
    long tick = Math.floorDiv(t.getEpochSecond() - origin.getEpochSecond(), gapSeconds);
    return origin.plusSeconds((tick + 1) * gapSeconds);
  }

  Set<OfferingKey> spotOfferings() {
    return counts.keySet();
  }

  private static int[] filled(int[] raw) {
    int[] out = new int[raw.length];
    int last = 0;
    for (int i = 0; i < raw.length; i++) {
      last = raw[i] == Trace.NO_PROBE ? last : raw[i];
      out[i] = last;
    }
    return out;
  }
}
