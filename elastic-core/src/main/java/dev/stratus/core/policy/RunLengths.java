package dev.stratus.core.policy;

import java.util.Arrays;

/**
 * Collects rows of actions along the slack axis as (exclusive end, action) segments. Not
 * thread-safe; what {@link #starts}, {@link #ends} and {@link #actions} return are copies.
 */
final class RunLengths {
  private int[] starts = new int[1024];
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
   * values per (state, mode); the rows go mode by mode, each mode's states in order.
   */
  void emit(byte[] act, int slots, int modes, int states) {
    int width = modes * states;
    reserve(width, width * slots);
    for (int m = 0; m < modes; m++) {
      for (int st = 0; st < states; st++) {
        int from = (st * modes + m) * slots;
        starts[rows++] = segments;
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
      }
    }
  }

  private void reserve(int width, int more) {
    if (rows + width + 1 >= starts.length) {
      starts = Arrays.copyOf(starts, Math.max(starts.length * 2, rows + width + 1));
    }
    if (segments + more > ends.length) {
      int size = (int) Math.max(ends.length * 2L, (long) segments + more);
      ends = Arrays.copyOf(ends, size);
      actions = Arrays.copyOf(actions, size);
    }
  }

  int[] starts() {
    int[] out = Arrays.copyOf(starts, rows + 1);
    out[rows] = segments;
    return out;
  }

  int[] ends() {
    return Arrays.copyOf(ends, segments);
  }

  byte[] actions() {
    return Arrays.copyOf(actions, segments);
  }
}
