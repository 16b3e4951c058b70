package dev.stratus.policy;

import java.util.Arrays;

/**
 * The least expected cost of finishing a job, by dynamic programming over (ticks left, slack, what
 * ran in the last tick and in which phase, spot availability and its age), under a {@link
 * LifetimeModel}. The deadline is a hard constraint: any branch that could miss it costs infinity,
 * so the table never gambles the deadline on spot lasting. The table does not depend on the job
 * (work left follows from ticks and slack), so one table serves every job on the same market; it
 * keeps only the best action per state, run-length encoded along the slack axis.
 */
final class SlackTable {
  static final byte IDLE = 0;
  static final byte SPOT = 1;
  static final byte ON_DEMAND = 2;

  private final SlackGrid grid;
  private final int maxTicks;
  private final int maxSlack;
  private final int[] rowStart;
  private final int[] rowEnd;
  private final int[] segmentEnd;
  private final byte[] segmentAction;

  /**
   * Row r's segments (exclusive slack end, action) are {@code [rowStart[r], rowEnd[r])}; rows are
   * indexed by ticks left, then mode, then market state.
   */
  SlackTable(
      SlackGrid grid,
      int maxTicks,
      int maxSlack,
      int[] rowStart,
      int[] rowEnd,
      int[] end,
      byte[] action) {
    this.grid = grid;
    this.maxTicks = maxTicks;
    this.maxSlack = maxSlack;
    this.rowStart = rowStart;
    this.rowEnd = rowEnd;
    this.segmentEnd = end;
    this.segmentAction = action;
  }

  /** The best action; ticks and slack beyond the table's bounds are clamped to them. */
  byte action(long ticksLeft, long slackUnits, int mode, int state) {
    int tau = (int) Math.min(Math.max(ticksLeft, 0), maxTicks);
    int s = (int) Math.min(Math.max(slackUnits, 0), maxSlack);
    int row = (tau * grid.modes() + mode) * MarketState.COUNT + state;
    int i = Arrays.binarySearch(segmentEnd, rowStart[row], rowEnd[row], s + 1);
    return segmentAction[i >= 0 ? i : -i - 1];
  }

  static SlackTable solve(
      LifetimeModel model,
      SlackGrid grid,
      double spotPricePerHour,
      double onDemandPricePerHour,
      int maxTicks,
      int maxSlack) {
    return new SlackTableSolver(
            model, grid, spotPricePerHour, onDemandPricePerHour, maxTicks, maxSlack)
        .run();
  }
}
