package dev.stratus.simulator.omniscient;

/** The planner's choices per cell: what to start from idle, and whether to keep each instance. */
final class Choices {
  private final int modes;
  private final int slack;
  private final int[] start;
  private final boolean[] keep;

  Choices(int ticks, int modes, int slack) {
    this.modes = modes;
    this.slack = slack;
    this.start = new int[ticks * (slack + 1)];
    this.keep = new boolean[ticks * modes * (slack + 1)];
  }

  void start(int t, int u, int choice) {
    start[t * (slack + 1) + u] = choice;
  }

  int started(int t, int u) {
    return start[t * (slack + 1) + u];
  }

  void keep(int t, int mode, int u, boolean kept) {
    keep[(t * modes + mode) * (slack + 1) + u] = kept;
  }

  boolean kept(int t, int mode, int u) {
    return keep[(t * modes + mode) * (slack + 1) + u];
  }

  int[] replay(OmniscientPlanner planner, int ticks) {
    return planner.walk(this, ticks);
  }
}
