package dev.stratus.core.policy;

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
  private static final double INF = Double.POSITIVE_INFINITY;

  private final SlackGrid grid;
  private final int maxTicks;
  private final int maxSlack;
  private final int[] rowStart;
  private final int[] segmentEnd;
  private final byte[] segmentAction;

  private SlackTable(
      SlackGrid grid, int maxTicks, int maxSlack, int[] rowStart, int[] end, byte[] action) {
    this.grid = grid;
    this.maxTicks = maxTicks;
    this.maxSlack = maxSlack;
    this.rowStart = rowStart;
    this.segmentEnd = end;
    this.segmentAction = action;
  }

  SlackGrid grid() {
    return grid;
  }

  int maxTicks() {
    return maxTicks;
  }

  int maxSlack() {
    return maxSlack;
  }

  boolean covers(long ticks, long slack) {
    return ticks <= maxTicks && slack <= maxSlack;
  }

  /** The best action; ticks and slack beyond the table's bounds are clamped to them. */
  byte action(long ticksLeft, long slackUnits, int mode, int state) {
    int tau = (int) Math.min(Math.max(ticksLeft, 0), maxTicks);
    int s = (int) Math.min(Math.max(slackUnits, 0), maxSlack);
    int row = (tau * grid.modes() + mode) * MarketState.COUNT + state;
    int i = Arrays.binarySearch(segmentEnd, rowStart[row], rowStart[row + 1], s + 1);
    return segmentAction[i >= 0 ? i : -i - 1];
  }

  static SlackTable solve(
      LifetimeModel model,
      SlackGrid grid,
      double spotPricePerHour,
      double onDemandPricePerHour,
      int maxTicks,
      int maxSlack) {
    return new Solver(model, grid, spotPricePerHour, onDemandPricePerHour, maxTicks, maxSlack)
        .run();
  }

  private static final class Solver {
    final SlackGrid grid;
    final int modes;
    final int states = MarketState.COUNT;
    final int maxTicks;
    final int maxSlack;
    final double spotPerSecond;
    final double onDemandPerSecond;
    final double[] stay = new double[MarketState.COUNT];
    final int[] next = new int[MarketState.COUNT];
    final int[] flip = new int[MarketState.COUNT];
    final RunLengths rows = new RunLengths();
    final long[] overhead;
    final long[] work;
    final int[] overheadUnits;
    final int[] onDemandMode;
    final int[] spotMode;
    final double[] onDemandRun;
    final double[] spotRun;

    Solver(LifetimeModel m, SlackGrid g, double spot, double od, int maxTicks, int maxSlack) {
      this.grid = g;
      this.modes = g.modes();
      this.maxTicks = maxTicks;
      this.maxSlack = maxSlack;
      this.spotPerSecond = spot / 3600;
      this.onDemandPerSecond = od / 3600;
      int phases = g.lastPhase() + 1;
      overhead = new long[phases];
      work = new long[phases];
      overheadUnits = new int[phases];
      onDemandMode = new int[phases];
      spotMode = new int[phases];
      onDemandRun = new double[phases];
      spotRun = new double[phases];
      for (int p = 0; p < phases; p++) {
        overhead[p] = g.overhead(p);
        work[p] = g.intervalSeconds() - overhead[p];
        overheadUnits[p] = (int) g.overheadUnits(p);
        onDemandMode[p] = g.onDemandMode(p);
        spotMode[p] = g.spotMode(p);
      }
      for (int st = 0; st < states; st++) {
        boolean up = MarketState.available(st);
        int age = MarketState.age(st);
        stay[st] = m.stay(up, age);
        next[st] = MarketState.of(up, age + 1);
        flip[st] = MarketState.of(!up, 1);
      }
    }

    SlackTable run() {
      int width = modes * states;
      double[] value = new double[(maxSlack + 1) * width];
      double[] expected = new double[value.length];
      byte[] act = new byte[value.length];
      rows.emit(act, maxSlack, width);
      for (int tau = 1; tau <= maxTicks; tau++) {
        for (int i = 0; i < value.length; i += states) {
          for (int st = 0; st < states; st++) {
            expected[i + st] =
                stay[st] * value[i + next[st]] + (1 - stay[st]) * value[i + flip[st]];
          }
        }
        for (int s = 0; s <= maxSlack; s++) {
          step(tau, s, expected, value, act);
        }
        rows.emit(act, maxSlack, width);
      }
      return new SlackTable(grid, maxTicks, maxSlack, rows.starts(), rows.ends(), rows.actions());
    }

    private void step(int tau, int s, double[] expected, double[] value, byte[] act) {
      int width = modes * states;
      long workLeft = tau * grid.intervalSeconds() - s * grid.unitSeconds();
      int base = s * width;
      if (workLeft <= 0) {
        Arrays.fill(value, base, base + width, 0);
        Arrays.fill(act, base, base + width, IDLE);
        return;
      }
      int last = grid.lastPhase();
      int per = (int) grid.unitsPerInterval();
      int idleBase = s >= per ? (s - per) * width : -1;
      for (int st = 0; st < states; st++) {
        boolean up = MarketState.available(st);
        for (int p = 0; p <= last; p++) {
          onDemandRun[p] = run(s, workLeft, p, onDemandMode[p], onDemandPerSecond, st, expected);
          spotRun[p] = up ? run(s, workLeft, p, spotMode[p], spotPerSecond, st, expected) : INF;
        }
        double bestStart = idleBase >= 0 ? expected[idleBase + st] : INF;
        byte startAction = IDLE;
        if (onDemandRun[0] < bestStart) {
          bestStart = onDemandRun[0];
          startAction = ON_DEMAND;
        }
        if (spotRun[0] < bestStart) {
          bestStart = spotRun[0];
          startAction = SPOT;
        }
        value[base + st] = bestStart;
        act[base + st] = startAction;
        for (int j = 0; j <= last; j++) {
          int next = Math.min(j + 1, last);
          int odCell = base + onDemandMode[j] * states + st;
          value[odCell] = Math.min(onDemandRun[next], bestStart);
          act[odCell] = onDemandRun[next] <= bestStart ? ON_DEMAND : startAction;
          int spotCell = base + spotMode[j] * states + st;
          value[spotCell] = Math.min(spotRun[next], bestStart);
          act[spotCell] = spotRun[next] <= bestStart ? SPOT : startAction;
        }
      }
    }

    /** Expected cost of running one tick in {@code phase}, then acting optimally. */
    private double run(
        int s, long workLeft, int phase, int mode, double perSecond, int st, double[] expected) {
      if (workLeft <= work[phase]) {
        return perSecond * (overhead[phase] + workLeft);
      }
      int after = s - overheadUnits[phase];
      if (after < 0) {
        return INF;
      }
      return perSecond * grid.intervalSeconds() + expected[(after * modes + mode) * states + st];
    }
  }
}
