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
  private int[] count = new int[0];
  private byte[] current = new byte[0];
  private int[] next = new int[0];

  /** Forgets every row, keeping the buffers; returns this. */
  RunLengths reset() {
    rows = 0;
    segments = 0;
    return this;
  }

  /**
   * Appends the rows of one tick: {@code act} is laid out [slack][mode x state], and each of its
   * {@code width} cells becomes one row. Reads {@code act} in its own order (twice: once to count
   * each row's segments, once to write them), since reading it row by row would stride across it.
   */
  void emit(byte[] act, int maxSlack, int width) {
    if (count.length != width) {
      count = new int[width];
      current = new byte[width];
      next = new int[width];
    }
    count(act, maxSlack, width);
    reserve(width, count);
    for (int cell = 0, at = segments; cell < width; cell++) {
      starts[rows + cell] = at;
      next[cell] = at;
      at += count[cell];
    }
    fill(act, maxSlack, width);
    rows += width;
    for (int c : count) {
      segments += c;
    }
  }

  private void count(byte[] act, int maxSlack, int width) {
    System.arraycopy(act, 0, current, 0, width);
    Arrays.fill(count, 1);
    for (int s = 1; s <= maxSlack; s++) {
      for (int cell = 0, i = s * width; cell < width; cell++, i++) {
        if (act[i] != current[cell]) {
          count[cell]++;
          current[cell] = act[i];
        }
      }
    }
  }

  private void fill(byte[] act, int maxSlack, int width) {
    System.arraycopy(act, 0, current, 0, width);
    for (int s = 1; s <= maxSlack; s++) {
      for (int cell = 0, i = s * width; cell < width; cell++, i++) {
        if (act[i] != current[cell]) {
          ends[next[cell]] = s;
          actions[next[cell]++] = current[cell];
          current[cell] = act[i];
        }
      }
    }
    for (int cell = 0; cell < width; cell++) {
      ends[next[cell]] = maxSlack + 1;
      actions[next[cell]] = current[cell];
    }
  }

  private void reserve(int width, int[] count) {
    long more = 0;
    for (int c : count) {
      more += c;
    }
    if (rows + width + 1 >= starts.length) {
      starts = Arrays.copyOf(starts, Math.max(starts.length * 2, rows + width + 1));
    }
    if (segments + more > ends.length) {
      int size = (int) Math.max(ends.length * 2L, segments + more);
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
