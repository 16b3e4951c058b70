package dev.stratus.policy;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An offering's observed spot availability as runs: each run starts at the first observation of a
 * new state (available or not) and lasts until the next run starts; the last run lasts until {@link
 * #asOf()}, the last observation. Immutable. A {@link Builder} appends observations in time order
 * and hands out snapshots in O(1) that share its storage: a snapshot only reads the prefix that
 * existed when it was taken, and the builder never rewrites that prefix. The snapshots of one
 * builder (and what {@link #upTo} cuts from them) also share the sums a {@link LifetimeModel} is
 * fitted from ({@link RunTally}), so refitting a growing history costs what the new runs add, not
 * the whole history again.
 */
public final class AvailabilityHistory {
  private static final AvailabilityHistory EMPTY =
      new AvailabilityHistory(
          new long[0], new boolean[0], 0, Long.MIN_VALUE, new ConcurrentHashMap<>());

  private final long[] startMillis;
  private final boolean[] available;
  private final int runs;
  private final long asOfMillis;

  /** By step (ms): sums over the completed runs, shared by every snapshot of one builder. */
  private final ConcurrentHashMap<Long, RunTally> tallies;

  private AvailabilityHistory(
      long[] startMillis,
      boolean[] available,
      int runs,
      long asOfMillis,
      ConcurrentHashMap<Long, RunTally> tallies) {
    this.startMillis = startMillis;
    this.available = available;
    this.runs = runs;
    this.asOfMillis = asOfMillis;
    this.tallies = tallies;
  }

  public static AvailabilityHistory empty() {
    return EMPTY;
  }

  public static Builder builder() {
    return new Builder();
  }

  public boolean isEmpty() {
    return runs == 0;
  }

  public int runs() {
    return runs;
  }

  public Instant runStart(int run) {
    return Instant.ofEpochMilli(startMillis(run));
  }

  /** The start of the next run, or {@link #asOf()} for the last run. */
  public Instant runEnd(int run) {
    return Instant.ofEpochMilli(run + 1 < runs ? startMillis(run + 1) : asOfMillis);
  }

  public boolean runAvailable(int run) {
    check(run);
    return available[run];
  }

  /** The last observation's instant; {@code Instant.MIN} would be meaningless, so empty throws. */
  public Instant asOf() {
    if (runs == 0) {
      throw new IllegalStateException("an empty history has no last observation");
    }
    return Instant.ofEpochMilli(asOfMillis);
  }

  /** The observed state at {@code t}: empty before the first observation or after the last. */
  public Optional<Boolean> availableAt(Instant t) {
    int run = runAt(t.toEpochMilli());
    return run < 0 ? Optional.empty() : Optional.of(available[run]);
  }

  /** {@link #availableAt} without boxing: 1 available, 0 not, -1 not observed at {@code millis}. */
  int stateAt(long millis) {
    int run = runAt(millis);
    return run < 0 ? -1 : available[run] ? 1 : 0;
  }

  /**
   * The counts {@link LifetimeModel#fit} learns from, in steps of {@code stepMillis}: the completed
   * runs' from the shared sums, then the run in progress (censored). A fresh array.
   */
  long[] tally(long stepMillis) {
    long[] counts =
        runs <= 1
            ? new long[RunTally.WIDTH]
            : tallies.computeIfAbsent(stepMillis, RunTally::new).upTo(this, runs - 1);
    if (runs > 0) {
      RunTally.add(
          counts, available[runs - 1], asOfMillis - startMillis[runs - 1], stepMillis, true);
    }
    return counts;
  }

  /** Everything observed at or before {@code cut}. */
  public AvailabilityHistory upTo(Instant cut) {
    long c = cut.toEpochMilli();
    if (runs == 0 || c >= asOfMillis) {
      return this;
    }
    int run = runAt(c);
    return run < 0 ? EMPTY : new AvailabilityHistory(startMillis, available, run + 1, c, tallies);
  }

  /**
   * Spot is usable in any of {@code histories}: the union, over the span where any of them has
   * observations (a history without an observation at some instant counts as unavailable there).
   */
  public static AvailabilityHistory union(List<AvailabilityHistory> histories) {
    if (histories.size() == 1) {
      // The union of one is itself, and keeps its shared sums.
      return histories.get(0);
    }
    long[] bounds =
        histories.stream()
            .flatMapToLong(h -> Arrays.stream(h.startMillis, 0, h.runs))
            .sorted()
            .distinct()
            .toArray();
    long asOf = histories.stream().mapToLong(h -> h.asOfMillis).max().orElse(Long.MIN_VALUE);
    Builder union = new Builder();
    for (long b : bounds) {
      boolean any = false;
      for (AvailabilityHistory h : histories) {
        int run = h.runAt(b);
        any |= run >= 0 && h.available[run];
      }
      union.observe(b, any);
    }
    if (union.runs > 0) {
      union.observe(asOf, union.available[union.runs - 1]);
    }
    return union.snapshot();
  }

  /**
   * The history in steps of {@code step} from its first observation: a step is available only if it
   * was throughout, and only whole steps (up to the last observation) are kept, each observed at
   * its start. What a policy that decides once a step sees of a run: one that ends inside a step
   * cost it that step.
   */
  public AvailabilityHistory pooled(Duration step) {
    long width = step.toMillis();
    if (width <= 0) {
      throw new IllegalArgumentException("step must be > 0, got " + step);
    }
    Builder pooled = new Builder();
    int run = 0;
    for (long from = runs == 0 ? 0 : startMillis[0]; runs > 0 && from + width <= asOfMillis; ) {
      long to = from + width;
      boolean throughout = true;
      for (int r = run; r < runs && startMillis[r] < to; r++) {
        throughout &= available[r];
      }
      pooled.observe(from, throughout);
      while (run + 1 < runs && startMillis[run + 1] <= to) {
        run++;
      }
      from = to;
    }
    return pooled.snapshot();
  }

  private long startMillis(int run) {
    check(run);
    return startMillis[run];
  }

  private void check(int run) {
    if (run < 0 || run >= runs) {
      throw new IndexOutOfBoundsException("run " + run + " of " + runs);
    }
  }

  private int runAt(long t) {
    if (runs == 0 || t < startMillis[0] || t > asOfMillis) {
      return -1;
    }
    int i = Arrays.binarySearch(startMillis, 0, runs, t);
    return i >= 0 ? i : -i - 2;
  }

  /** Appends observations in time order; not thread-safe, its snapshots are. */
  public static final class Builder {
    private long[] startMillis = new long[16];
    private boolean[] available = new boolean[16];
    private int runs;
    private long asOfMillis = Long.MIN_VALUE;
    private final ConcurrentHashMap<Long, RunTally> tallies = new ConcurrentHashMap<>();

    public Builder observe(Instant at, boolean isAvailable) {
      return observe(at.toEpochMilli(), isAvailable);
    }

    private Builder observe(long at, boolean isAvailable) {
      if (runs > 0 && at < asOfMillis) {
        throw new IllegalArgumentException(
            "observations must come in time order: "
                + Instant.ofEpochMilli(at)
                + " is before "
                + Instant.ofEpochMilli(asOfMillis));
      }
      if (runs == 0 || available[runs - 1] != isAvailable) {
        if (runs == startMillis.length) {
          startMillis = Arrays.copyOf(startMillis, runs * 2);
          available = Arrays.copyOf(available, runs * 2);
        }
        startMillis[runs] = at;
        available[runs] = isAvailable;
        runs++;
      }
      asOfMillis = at;
      return this;
    }

    public AvailabilityHistory snapshot() {
      return runs == 0
          ? EMPTY
          : new AvailabilityHistory(startMillis, available, runs, asOfMillis, tallies);
    }
  }
}
