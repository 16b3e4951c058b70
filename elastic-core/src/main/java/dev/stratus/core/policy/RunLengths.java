package dev.stratus.core.policy;

import java.util.Arrays;

/** Collects rows of actions along the slack axis as (exclusive end, action) segments. */
final class RunLengths {
  private int[] starts = new int[1024];
  private int rows;
  private int[] ends = new int[4096];
  private byte[] actions = new byte[4096];
  private int segments;

  /** Appends the rows of one tick: {@code act} is laid out [slack][mode x state]. */
  void emit(byte[] act, int maxSlack, int width) {
    for (int cell = 0; cell < width; cell++) {
      grow();
      starts[rows++] = segments;
      byte current = act[cell];
      for (int s = 1; s <= maxSlack + 1; s++) {
        byte a = s <= maxSlack ? act[s * width + cell] : (byte) -1;
        if (a != current) {
          add(s, current);
          current = a;
        }
      }
    }
  }

  private void add(int end, byte action) {
    if (segments == ends.length) {
      ends = Arrays.copyOf(ends, segments * 2);
      actions = Arrays.copyOf(actions, segments * 2);
    }
    ends[segments] = end;
    actions[segments++] = action;
  }

  private void grow() {
    if (rows + 1 >= starts.length) {
      starts = Arrays.copyOf(starts, starts.length * 2);
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
