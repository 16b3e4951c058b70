package dev.stratus.policy;

import java.util.Arrays;

/**
 * Collects rows of actions along the slack axis as (exclusive end, action) segments, a row being
 * the segments from its start to its end. A row equal to the same row of the tick before shares
 * that row's segments (most rows of a table stop changing a few ticks in), so a row's segments need
 * not follow the row before. Not thread-safe; what {@link #starts}, {@link #rowEnds}, {@link #ends}
 * and {@link #actions} return are copies.
 */
final class RunLengths {
  private int[] starts = new int[1024];
  private int[] rowEnds = new int[1024];
  private int rows;
  private int[] ends = new int[4096];
  private byte[] actions = new byte[4096];
  private int segments;

  /** Forgets every row, keeping the buffers; returns this. */
  RunLengths reset() {
    rows = 0;
    segments = 0;
    return this;
  }

  /**
   * Appends the rows of one tick: {@code act} is laid out [state][mode][slack], {@code slots} slack
   * values per (state, mode); the rows go mode by mode, each mode's states in order. {@code before}
   * is the tick before's {@code act} (null for the first tick).
   */
  void emit(byte[] act, byte[] before, int slots, int modes, int states) {
    int width = modes * states;
    reserve(width, width * slots);
    for (int m = 0; m < modes; m++) {
      for (int st = 0; st < states; st++) {
        int from = (st * modes + m) * slots;
        if (before != null
            && Arrays.mismatch(act, from, from + slots, before, from, from + slots) < 0) {
          starts[rows] = starts[rows - width];
          rowEnds[rows] = rowEnds[rows - width];
          rows++;
          continue;
        }
        starts[rows] = segments;
        byte current = act[from];
        for (int s = 1; s < slots; s++) {
          byte a = act[from + s];
          if (a != current) {
            ends[segments] = s;
            actions[segments++] = current;
            current = a;
          }
        }
        ends[segments] = slots;
        actions[segments++] = current;
        rowEnds[rows++] = segments;
      }
    }
  }

  private void reserve(int width, int more) {
    if (rows + width > starts.length) {
      int size = Math.max(starts.length * 2, rows + width);
      starts = Arrays.copyOf(starts, size);
      rowEnds = Arrays.copyOf(rowEnds, size);
    }
    if (segments + more > ends.length) {
      int size = (int) Math.max(ends.length * 2L, (long) segments + more);
      ends = Arrays.copyOf(ends, size);
      actions = Arrays.copyOf(actions, size);
    }
  }

  /** By row: its first segment. */
  int[] starts() {
    return Arrays.copyOf(starts, rows);
  }

  /** By row: one past its last segment. */
  int[] rowEnds() {
    return Arrays.copyOf(rowEnds, rows);
  }

  int[] ends() {
    return Arrays.copyOf(ends, segments);
  }

  byte[] actions() {
    return Arrays.copyOf(actions, segments);
  }
}
