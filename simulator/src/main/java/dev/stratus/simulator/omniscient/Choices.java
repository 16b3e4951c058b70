package dev.stratus.simulator.omniscient;

/**
 * The planner's choices per cell: what to start from idle (with and without a new flex request, for
 * a job that has just left a flex instance), and whether to keep each instance.
 */
final class Choices {
  private final int modes;
  private final int slack;
  private final int[] start;
  private final int[] startNoFlex;
  private final boolean[] keep;

  Choices(int ticks, int modes, int slack) {
    this.modes = modes;
    this.slack = slack;
    this.start = new int[ticks * (slack + 1)];
    this.startNoFlex = new int[ticks * (slack + 1)];
    this.keep = new boolean[ticks * modes * (slack + 1)];
  }

  void start(int t, int u, int choice, int withoutFlex) {
    start[t * (slack + 1) + u] = choice;
    startNoFlex[t * (slack + 1) + u] = withoutFlex;
  }

  int started(int t, int u, boolean noFlex) {
    return noFlex ? startNoFlex[t * (slack + 1) + u] : start[t * (slack + 1) + u];
  }

  void keep(int t, int mode, int u, boolean kept) {
    keep[(t * modes + mode) * (slack + 1) + u] = kept;
  }

  boolean kept(int t, int mode, int u) {
    return keep[(t * modes + mode) * (slack + 1) + u];
  }
}
