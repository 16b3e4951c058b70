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
  private int[] cellEnds = new int[0];
  private byte[] cellActions = new byte[0];

  /** Forgets every row, keeping the buffers; returns this. */
  RunLengths reset() {
    rows = 0;
    segments = 0;
    return this;
  }

  /**
   * Appends the rows of one tick: {@code act} is laid out [slack][mode x state], and each of its
   * {@code width} cells becomes one row. Reads {@code act} once, in its own order (reading it row
   * by row would stride across it), into one scratch run per cell, then copies the runs out.
   */
  void emit(byte[] act, int maxSlack, int width) {
    int stride = maxSlack + 2;
    if (count.length != width || cellEnds.length < width * stride) {
      count = new int[width];
      current = new byte[width];
      cellEnds = new int[width * stride];
      cellActions = new byte[width * stride];
    }
    System.arraycopy(act, 0, current, 0, width);
    Arrays.fill(count, 0);
    for (int s = 1; s <= maxSlack; s++) {
      for (int cell = 0, i = s * width; cell < width; cell++, i++) {
        if (act[i] != current[cell]) {
          int k = cell * stride + count[cell]++;
          cellEnds[k] = s;
          cellActions[k] = current[cell];
          current[cell] = act[i];
        }
      }
    }
    int more = 0;
    for (int cell = 0; cell < width; cell++) {
      int k = cell * stride + count[cell]++;
      cellEnds[k] = maxSlack + 1;
      cellActions[k] = current[cell];
      more += count[cell];
    }
    reserve(width, more);
    for (int cell = 0; cell < width; cell++) {
      starts[rows + cell] = segments;
      System.arraycopy(cellEnds, cell * stride, ends, segments, count[cell]);
      System.arraycopy(cellActions, cell * stride, actions, segments, count[cell]);
      segments += count[cell];
    }
    rows += width;
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
