package dev.stratus.simulator.omniscient;

/**
 * The planner's choices per cell: what to start from idle (with and without a new flex request, for
 * a job that has just left a flex instance; the latter only kept when there are flex offers), and
 * whether to keep each instance, one bit a cell. A 45-day replay on 195 s ticks plans hundreds of
 * jobs of tens of millions of cells each, so the choices are kept small.
 */
final class Choices {
  private final int modes;
  private final int cells;
  private final int words;
  private final short[] start;
  private final short[] startNoFlex;

  /**
   * By (tick, mode): {@link #words} words, bit u of the slack row set where the instance is kept.
   */
  private final long[] keep;

  Choices(int ticks, int modes, int slack, boolean flex) {
    this.modes = modes;
    this.cells = slack + 1;
    this.words = (cells + 63) / 64;
    this.start = new short[ticks * cells];
    this.startNoFlex = new short[flex ? ticks * cells : 0];
    this.keep = new long[ticks * modes * words];
  }

  /** Choices are place indexes or small negative codes (idle, on-demand, a flex request). */
  void start(int t, int u, int choice, int withoutFlex) {
    if (choice != (short) choice || withoutFlex != (short) withoutFlex) {
      throw new IllegalArgumentException("choice " + choice + " does not fit the planner's table");
    }
    start[t * cells + u] = (short) choice;
    if (startNoFlex.length > 0) {
      startNoFlex[t * cells + u] = (short) withoutFlex;
    }
  }

  int started(int t, int u, boolean noFlex) {
    return noFlex ? startNoFlex[t * cells + u] : start[t * cells + u];
  }

  /** Row (t, mode) at slack in [from, to): kept where {@code run[u] <= best[u]}. */
  void keep(int t, int mode, double[] run, double[] best, int from, int to) {
    int row = (t * modes + mode) * words;
    for (int w = from >>> 6; w << 6 < to; w++) {
      long bits = 0;
      int end = Math.min(to, (w + 1) << 6);
      for (int u = Math.max(from, w << 6); u < end; u++) {
        bits |= (run[u] <= best[u] ? 1L : 0L) << u;
      }
      keep[row + w] = bits;
    }
  }

  boolean kept(int t, int mode, int u) {
    return (keep[(t * modes + mode) * words + (u >>> 6)] & 1L << u) != 0;
  }
}
