package dev.stratus.policy;

import java.util.Arrays;

/**
 * What a {@link LifetimeModel} is fitted from, summed over the completed runs of a history, in
 * steps of one length: by state and age, the runs at risk of ending and those that lasted. A
 * completed run's counts never change as the history grows, so the sums are kept as prefix sums by
 * run, shared by every snapshot of one builder and extended when a longer one asks: fitting a
 * history then costs the runs added since the last fit plus the run in progress, and a replay that
 * refits at every decision stays linear in its history. The counts are whole numbers, so the sums
 * are exact and a fit is the same whatever order the snapshots were fitted in. Thread-safe.
 */
final class RunTally {
  private static final int AGES = LifetimeModel.AGES;

  /** One row: [alive | lasted][unavailable | available][age]. */
  static final int WIDTH = 4 * AGES;

  private final long stepMillis;

  /** Row r: the sums over runs [0, r). */
  private long[] sums = new long[WIDTH * 64];

  private int rows = 1;

  RunTally(long stepMillis) {
    this.stepMillis = stepMillis;
  }

  static int alive(boolean available, int ageIndex) {
    return (available ? AGES : 0) + ageIndex;
  }

  static int lasted(boolean available, int ageIndex) {
    return 2 * AGES + alive(available, ageIndex);
  }

  /** The sums over {@code h}'s first {@code completed} runs (each followed by another): a copy. */
  synchronized long[] upTo(AvailabilityHistory h, int completed) {
    if (completed >= rows) {
      if ((long) (completed + 1) * WIDTH > sums.length) {
        sums = Arrays.copyOf(sums, Math.max(sums.length * 2, (completed + 1) * WIDTH));
      }
      for (int r = rows - 1; r < completed; r++) {
        System.arraycopy(sums, r * WIDTH, sums, (r + 1) * WIDTH, WIDTH);
        long span = h.runEnd(r).toEpochMilli() - h.runStart(r).toEpochMilli();
        addAt(sums, (r + 1) * WIDTH, h.runAvailable(r), span, stepMillis, false);
      }
      rows = completed + 1;
    }
    return Arrays.copyOfRange(sums, completed * WIDTH, (completed + 1) * WIDTH);
  }

  /**
   * Adds one run of {@code spanMillis} to {@code counts}. A censored run (the one in progress) of n
   * steps was seen surviving n - 1 transitions, and no end.
   */
  static void add(
      long[] counts, boolean available, long spanMillis, long stepMillis, boolean censored) {
    addAt(counts, 0, available, spanMillis, stepMillis, censored);
  }

  private static void addAt(
      long[] counts,
      int at,
      boolean available,
      long spanMillis,
      long stepMillis,
      boolean censored) {
    double step = stepMillis;
    double span = spanMillis;
    long length = Math.max(1, Math.round(span / step) + (censored ? 1 : 0));
    long atRisk = censored ? length - 1 : length;
    for (int age = 1; age < AGES && age <= atRisk; age++) {
      counts[at + alive(available, age - 1)]++;
      counts[at + lasted(available, age - 1)] += length > age ? 1 : 0;
    }
    counts[at + alive(available, AGES - 1)] += Math.max(0, atRisk - AGES + 1);
    counts[at + lasted(available, AGES - 1)] += Math.max(0, length - AGES);
  }
}
