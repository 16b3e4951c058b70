package dev.stratus.policy;

import static dev.stratus.policy.SlackTable.IDLE;
import static dev.stratus.policy.SlackTable.ON_DEMAND;
import static dev.stratus.policy.SlackTable.SPOT;

import java.util.Arrays;

/**
 * Solves a {@link SlackTable} by dynamic programming over the ticks left (one, then two, ...), each
 * tick's cells from the expected values of the tick before. Cells are laid out
 * [state][mode][slack]: every loop of a tick, the expectation over the market's next state
 * included, runs along the slack axis of one (state, mode) at a fixed offset from what it reads,
 * long and branch-light for the JIT to unroll and vectorise; and each row of the table is already
 * contiguous. One instance per solve; not thread-safe.
 */
final class SlackTableSolver {
  private static final double INF = Double.POSITIVE_INFINITY;

  private final SlackGrid grid;
  private final int modes;
  private final int runningModes;
  private final int states = MarketState.COUNT;
  private final int maxTicks;
  private final int maxSlack;

  /** Cells per (state, mode): one per slack unit. */
  private final int slots;

  private final double spotPerSecond;
  private final double onDemandPerSecond;
  private final double[] stay = new double[MarketState.COUNT];
  private final double[] leave = new double[MarketState.COUNT];
  private final int[] flip = new int[MarketState.COUNT];

  /** The run-length buffers grow to the largest table a thread solved and are reused. */
  private static final ThreadLocal<RunLengths> BUFFERS = ThreadLocal.withInitial(RunLengths::new);

  private final RunLengths rows = BUFFERS.get().reset();
  private final long[] overhead;
  private final long[] work;
  private final int[] overheadUnits;
  private final int[] onDemandMode;
  private final int[] spotMode;

  /** By phase and slack, for the tick being solved: what a tick that ends the job costs. */
  private final double[][] onDemandEnds;

  private final double[][] spotEnds;

  /**
   * By phase and slack, for one market state: what running a tick in that phase costs (spot's only
   * filled in, and read, where spot is available).
   */
  private final double[][] onDemandRun;

  private final double[][] spotRun;

  /** By slack, for one market state: the cheapest start (or staying idle), and which it is. */
  private final double[] best;

  private final byte[] start;

  SlackTableSolver(
      LifetimeModel m, SlackGrid g, double spot, double od, int maxTicks, int maxSlack) {
    this.grid = g;
    this.modes = g.modes();
    this.runningModes = (modes - 1) / 2;
    this.maxTicks = maxTicks;
    this.maxSlack = maxSlack;
    this.slots = maxSlack + 1;
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
    onDemandEnds = new double[phases][slots];
    spotEnds = new double[phases][slots];
    onDemandRun = new double[phases][slots];
    spotRun = new double[phases][slots];
    best = new double[slots];
    start = new byte[slots];
    for (int st = 0; st < states; st++) {
      boolean up = MarketState.available(st);
      int age = MarketState.age(st);
      stay[st] = m.stay(up, age);
      leave[st] = 1 - stay[st];
      if (MarketState.of(up, age + 1) != (age < LifetimeModel.AGES ? st + 1 : st)
          || up != st >= LifetimeModel.AGES) {
        throw new IllegalStateException("expect() assumes MarketState's layout");
      }
      flip[st] = MarketState.of(!up, 1);
    }
  }

  SlackTable run() {
    // Values by state, each [mode][slack]: the expectation's loops then read and write each array
    // at the same index, which the JIT vectorises (at different offsets of one array it cannot
    // rule out that a store overlaps a later load, and does not).
    double[][] value = new double[states][modes * slots];
    double[][] expected = new double[states][modes * slots];
    byte[] act = new byte[states * modes * slots];
    byte[] before = new byte[act.length];
    rows.emit(act, null, slots, modes, states);
    for (int tau = 1; tau <= maxTicks; tau++) {
      byte[] last = act;
      act = before;
      before = last;
      expect(value, expected);
      step(tau, expected, value, act);
      rows.emit(act, before, slots, modes, states);
    }
    return new SlackTable(
        grid, maxTicks, maxSlack, rows.starts(), rows.rowEnds(), rows.ends(), rows.actions());
  }

  /**
   * The next tick's value in expectation over the market's state, for every cell: a state lasts
   * into the next (its age plus one; the oldest age stays) or flips to the other availability's
   * first age.
   */
  private void expect(double[][] value, double[][] expected) {
    for (int st = 0; st < states; st++) {
      double[] into = expected[st];
      double[] lasts = value[MarketState.age(st) < LifetimeModel.AGES ? st + 1 : st];
      double[] flips = value[flip[st]];
      double stays = stay[st];
      double leaves = leave[st];
      for (int k = 0; k < into.length; k++) {
        into[k] = stays * lasts[k] + leaves * flips[k];
      }
    }
  }

  /** Every cell of tick {@code tau}, from the expected values of tick {@code tau - 1}. */
  private void step(int tau, double[][] expected, double[][] value, byte[] act) {
    long total = tau * grid.intervalSeconds();
    // From this slack on no work is left (tau intervals minus the slack is not positive).
    int done = (int) Math.min(slots, tau * grid.unitsPerInterval());
    int last = grid.lastPhase();
    int[] finishes = new int[last + 1];
    for (int p = 0; p <= last; p++) {
      // From this slack on a tick in phase p ends the job: its work covers what is left.
      long from = -Math.floorDiv(-(total - work[p]), grid.unitSeconds());
      finishes[p] = (int) Math.min(done, Math.max(0, from));
      for (int s = finishes[p]; s < done; s++) {
        long billed = overhead[p] + total - s * grid.unitSeconds();
        onDemandEnds[p][s] = onDemandPerSecond * billed;
        spotEnds[p][s] = spotPerSecond * billed;
      }
    }
    int per = (int) grid.unitsPerInterval();
    for (int st = 0; st < states; st++) {
      boolean up = MarketState.available(st);
      double[] e = expected[st];
      double[] v = value[st];
      int acts = st * modes * slots;
      for (int p = 0; p <= last; p++) {
        phaseCost(
            onDemandRun[p],
            onDemandEnds[p],
            onDemandPerSecond,
            p,
            onDemandMode[p],
            finishes[p],
            done,
            e);
        if (up) {
          phaseCost(spotRun[p], spotEnds[p], spotPerSecond, p, spotMode[p], finishes[p], done, e);
        }
      }
      int idle = SlackGrid.idleMode() * slots;
      cheapestStart(e, idle - per, per, done, up);
      System.arraycopy(best, 0, v, idle, done);
      System.arraycopy(start, 0, act, acts + idle, done);
      // One mode per phase an instance can have run in last, the final two sharing one.
      for (int j = 0; j < runningModes; j++) {
        int next = Math.min(j + 1, last);
        int onDemand = onDemandMode[j] * slots;
        keep(onDemandRun[next], ON_DEMAND, onDemand, acts + onDemand, done, v, act);
        int spot = spotMode[j] * slots;
        if (up) {
          keep(spotRun[next], SPOT, spot, acts + spot, done, v, act);
        } else {
          keepUnavailable(spot, acts + spot, done, v, act);
        }
      }
      for (int m = 0; m < modes; m++) {
        Arrays.fill(v, m * slots + done, (m + 1) * slots, 0);
        Arrays.fill(act, acts + m * slots + done, acts + (m + 1) * slots, IDLE);
      }
    }
  }

  /**
   * By slack below {@code done}: the cheapest of staying idle (the next tick's idle value, an
   * interval of slack spent: {@code expected} from {@code idleFrom + per}), starting on-demand and,
   * when {@code up}, starting spot; a tie goes to idle, then on-demand. Into {@link #best} and
   * {@link #start}.
   */
  private void cheapestStart(double[] expected, int idleFrom, int per, int done, boolean up) {
    double[] onDemand = onDemandRun[0];
    double[] spot = spotRun[0];
    for (int s = 0; s < done; s++) {
      double cheapest = s >= per ? expected[idleFrom + s] : INF;
      byte action = IDLE;
      if (onDemand[s] < cheapest) {
        cheapest = onDemand[s];
        action = ON_DEMAND;
      }
      if (up && spot[s] < cheapest) {
        cheapest = spot[s];
        action = SPOT;
      }
      best[s] = cheapest;
      start[s] = action;
    }
  }

  /**
   * What a tick run in phase {@code p} costs, for every slack below {@code done}, given the
   * expected values of the market state's next tick: below the phase's changeover it does not fit
   * (infinity); from {@code finishes} on it ends the job ({@code ends}); in between a full tick
   * billed, then the next tick's expected value with the changeover's slack taken.
   */
  private void phaseCost(
      double[] into,
      double[] ends,
      double perSecond,
      int p,
      int mode,
      int finishes,
      int done,
      double[] expected) {
    int after = overheadUnits[p];
    int fits = Math.min(after, finishes);
    Arrays.fill(into, 0, fits, INF);
    double tick = perSecond * grid.intervalSeconds();
    int from = mode * slots - after;
    for (int s = fits; s < finishes; s++) {
      into[s] = tick + expected[from + s];
    }
    System.arraycopy(ends, finishes, into, finishes, done - finishes);
  }

  /**
   * A spot instance's cells while spot is unavailable: running on costs infinity, so it is kept
   * only where every start does too (as {@link #keep} would with an infinite cost).
   */
  private void keepUnavailable(int cell, int acts, int done, double[] value, byte[] act) {
    System.arraycopy(best, 0, value, cell, done);
    System.arraycopy(start, 0, act, acts, done);
    for (int s = 0; s < done; s++) {
      if (best[s] == INF) {
        act[acts + s] = SPOT;
      }
    }
  }

  /**
   * A running instance's cells ({@code cell} in the state's values, {@code acts} in the actions):
   * keep it if that costs no more than the best start. Values and actions are two loops: the
   * values' alone is a minimum the JIT vectorises (a tie is the same value either way).
   */
  private void keep(
      double[] run, byte action, int cell, int acts, int done, double[] value, byte[] act) {
    for (int s = 0; s < done; s++) {
      value[cell + s] = Math.min(run[s], best[s]);
    }
    for (int s = 0; s < done; s++) {
      act[acts + s] = run[s] <= best[s] ? action : start[s];
    }
  }
}
