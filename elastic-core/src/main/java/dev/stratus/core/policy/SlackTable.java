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
    final int runningModes;
    final int states = MarketState.COUNT;
    final int maxTicks;
    final int maxSlack;
    final double spotPerSecond;
    final double onDemandPerSecond;
    final double[] stay = new double[MarketState.COUNT];
    final double[] leave = new double[MarketState.COUNT];
    final int[] flip = new int[MarketState.COUNT];

    /** The run-length buffers grow to the largest table a thread solved and are reused. */
    private static final ThreadLocal<RunLengths> BUFFERS = ThreadLocal.withInitial(RunLengths::new);

    final RunLengths rows = BUFFERS.get().reset();
    final long[] overhead;
    final long[] work;
    final int[] overheadUnits;
    final int[] onDemandMode;
    final int[] spotMode;

    Solver(LifetimeModel m, SlackGrid g, double spot, double od, int maxTicks, int maxSlack) {
      this.grid = g;
      this.modes = g.modes();
      this.runningModes = (modes - 1) / 2;
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
        leave[st] = 1 - stay[st];
        if (MarketState.of(up, age + 1) != (age < LifetimeModel.AGES ? st + 1 : st)
            || up != st >= LifetimeModel.AGES) {
          throw new IllegalStateException("expect() and step() assume MarketState's layout");
        }
        flip[st] = MarketState.of(!up, 1);
      }
    }

    SlackTable run() {
      int width = modes * states;
      double[] value = new double[(maxSlack + 1) * width];
      double[] expected = new double[value.length];
      byte[] act = new byte[value.length];
      rows.emit(act, maxSlack, width);
      Scratch scratch = new Scratch(grid.lastPhase() + 1);
      for (int tau = 1; tau <= maxTicks; tau++) {
        expect(value, expected);
        for (int s = 0; s <= maxSlack; s++) {
          step(tau, s, expected, value, act, scratch);
        }
        rows.emit(act, maxSlack, width);
      }
      return new SlackTable(grid, maxTicks, maxSlack, rows.starts(), rows.ends(), rows.actions());
    }

    /** The next tick's value in expectation over the market's state, for every cell. */
    private void expect(double[] value, double[] expected) {
      // States are laid out by availability, then age (MarketState): a state's next is the one
      // after it but for the oldest age, which stays; its flip is the other availability's first.
      int ages = LifetimeModel.AGES;
      for (int i = 0; i < value.length; i += states) {
        for (int from = 0; from < states; from += ages) {
          double flipped = value[i + flip[from]];
          int oldest = from + ages - 1;
          for (int st = from; st < oldest; st++) {
            expected[i + st] = stay[st] * value[i + st + 1] + leave[st] * flipped;
          }
          expected[i + oldest] = stay[oldest] * value[i + oldest] + leave[oldest] * flipped;
        }
      }
    }

    /** One solve's working arrays, by phase (and market state). */
    private static final class Scratch {
      final double[] onDemandFixed;
      final double[] spotFixed;
      final int[] onDemandAt;
      final int[] spotAt;
      final double[][] onDemandRun;
      final double[][] spotRun;
      final double[] bestStart = new double[MarketState.COUNT];
      final byte[] startAction = new byte[MarketState.COUNT];

      Scratch(int phases) {
        onDemandFixed = new double[phases];
        spotFixed = new double[phases];
        onDemandAt = new int[phases];
        spotAt = new int[phases];
        onDemandRun = new double[phases][MarketState.COUNT];
        spotRun = new double[phases][MarketState.COUNT];
      }
    }

    private void step(int tau, int s, double[] expected, double[] value, byte[] act, Scratch x) {
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
      // What a tick run in phase p costs does not depend on the market state, only where its
      // expected continuation is read from: worked out once per slack, not once per state.
      double tick = grid.intervalSeconds();
      for (int p = 0; p <= last; p++) {
        int after = s - overheadUnits[p];
        boolean finishes = workLeft <= work[p];
        x.onDemandAt[p] = finishes || after < 0 ? -1 : (after * modes + onDemandMode[p]) * states;
        x.spotAt[p] = finishes || after < 0 ? -1 : (after * modes + spotMode[p]) * states;
        x.onDemandFixed[p] =
            finishes
                ? onDemandPerSecond * (overhead[p] + workLeft)
                : after < 0 ? INF : onDemandPerSecond * tick;
        x.spotFixed[p] =
            finishes
                ? spotPerSecond * (overhead[p] + workLeft)
                : after < 0 ? INF : spotPerSecond * tick;
      }
      // Loops run over the market states innermost: contiguous, branch-free, and so vectorised.
      int upFrom = LifetimeModel.AGES;
      for (int p = 0; p <= last; p++) {
        fill(x.onDemandRun[p], 0, states, x.onDemandFixed[p], x.onDemandAt[p], expected);
        Arrays.fill(x.spotRun[p], 0, upFrom, INF);
        fill(x.spotRun[p], upFrom, states, x.spotFixed[p], x.spotAt[p], expected);
      }
      double[] best = x.bestStart;
      byte[] start = x.startAction;
      double[] onDemandNow = x.onDemandRun[0];
      double[] spotNow = x.spotRun[0];
      for (int st = 0; st < states; st++) {
        double cheapest = idleBase >= 0 ? expected[idleBase + st] : INF;
        byte action = IDLE;
        if (onDemandNow[st] < cheapest) {
          cheapest = onDemandNow[st];
          action = ON_DEMAND;
        }
        if (spotNow[st] < cheapest) {
          cheapest = spotNow[st];
          action = SPOT;
        }
        best[st] = cheapest;
        start[st] = action;
        value[base + st] = cheapest;
        act[base + st] = action;
      }
      // One mode per phase an instance can have run in last, the final two sharing one.
      for (int j = 0; j < runningModes; j++) {
        int next = Math.min(j + 1, last);
        keep(
            x.onDemandRun[next],
            best,
            start,
            ON_DEMAND,
            base + onDemandMode[j] * states,
            value,
            act);
        keep(x.spotRun[next], best, start, SPOT, base + spotMode[j] * states, value, act);
      }
    }

    /** Expected cost of a tick run in some phase, by market state, from its fixed part. */
    private void fill(double[] into, int from, int to, double fixed, int at, double[] expected) {
      if (at < 0) {
        Arrays.fill(into, from, to, fixed);
        return;
      }
      for (int st = from; st < to; st++) {
        into[st] = fixed + expected[at + st];
      }
    }

    /** A running instance's cells: keep it if that costs no more than the best start. */
    private void keep(
        double[] run,
        double[] best,
        byte[] start,
        byte action,
        int cell,
        double[] value,
        byte[] act) {
      for (int st = 0; st < states; st++) {
        boolean stay = run[st] <= best[st];
        value[cell + st] = stay ? run[st] : best[st];
        act[cell + st] = stay ? action : start[st];
      }
    }
  }
}
