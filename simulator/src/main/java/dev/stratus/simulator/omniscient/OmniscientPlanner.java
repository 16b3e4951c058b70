package dev.stratus.simulator.omniscient;

import dev.stratus.simulator.offers.BlockLedger;
import dev.stratus.simulator.offers.MarketOffers;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import java.util.Arrays;

/**
 * The least-cost schedule with full knowledge of the future, for judging policies only. Exact
 * dynamic programming over ticks x slack used x (what ran in the last tick: nothing, on-demand, or
 * spot at one location or a reserved block, and in which changeover phase), with the simulator's
 * accounting: a new instance pays the changeover, billed without progress; spot runs only where
 * available, a block only in ticks wholly inside its window (at no charge: it is prepaid); the last
 * tick is billed until the work is done. A flex request is a jump: idle until the grant the future
 * holds for that tick, then a flex run ({@link FlexRuns}). Slack is counted in units that divide
 * the tick, the changeover's part of a tick and the job's part of a tick, so nothing is rounded.
 *
 * <p>Each job has the blocks to itself: a relaxation when jobs share them, so the plan stays a
 * lower bound on what any policy can do with the same offers.
 */
public final class OmniscientPlanner {
  private static final double INF = Double.POSITIVE_INFINITY;
  private static final int FLEX_REQUEST = -100;

  /** Refuse grids beyond this many cells: a finer trace needs a coarser job or no omniscient. */
  static final long MAX_CELLS = 400_000_000L;

  private final Market market;
  private final MarketOffers offers;
  private final JobSpec job;
  private final long gap;
  private final long unit;
  private final int per;
  private final long workUnits;
  private final int slack;
  private final int lastPhase;
  private final int locations;
  private final int places;
  private final int modes;
  private final int onDemandAt;
  private final BlockLedger taken;

  public OmniscientPlanner(Market market, JobSpec job) {
    this(MarketOffers.none(market), job);
  }

  public OmniscientPlanner(MarketOffers offers, JobSpec job) {
    this(offers, job, null);
  }

  /**
   * Planning around what other jobs already hold: a block is usable to this job only where {@code
   * taken} leaves room for its gang ({@code null}: the blocks are its own).
   */
  public OmniscientPlanner(MarketOffers offers, JobSpec job, BlockLedger taken) {
    this.taken = taken;
    this.market = offers.market();
    this.offers = offers;
    this.job = job;
    this.gap = market.gapSeconds();
    long d = job.changeoverSeconds();
    long c = job.workSeconds();
    this.unit = gcd(gcd(gap, d % gap), c % gap);
    this.per = (int) (gap / unit);
    this.workUnits = c / unit;
    int ticks = job.ticks(gap);
    this.slack = (int) (ticks * (long) per - workUnits);
    this.lastPhase = (int) ((d + gap - 1) / gap);
    this.locations = market.locations().size();
    this.places = locations + offers.blocks().size();
    this.modes = 1 + (lastPhase + 1) * (1 + places);
    this.onDemandAt = market.cheapestOnDemand();
    if (slack < 0) {
      throw new IllegalArgumentException("the deadline leaves no time for the job's work");
    }
    long cells = (long) ticks * modes * (slack + 1);
    if (cells > MAX_CELLS) {
      throw new IllegalArgumentException(
          "the omniscient grid would need "
              + cells
              + " cells (ticks x modes x slack units of "
              + unit
              + " s); use a job whose hours are whole multiples of a coarser unit, or leave out"
              + " the omniscient policy");
    }
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  MarketOffers offers() {
    return offers;
  }

  long gap() {
    return gap;
  }

  long unit() {
    return unit;
  }

  int per() {
    return per;
  }

  long workUnits() {
    return workUnits;
  }

  long changeoverSeconds() {
    return job.changeoverSeconds();
  }

  int changeoverUnits() {
    return (int) (job.changeoverSeconds() / unit);
  }

  private long overhead(int phase) {
    return Math.min(gap, Math.max(0, job.changeoverSeconds() - phase * gap));
  }

  private int onDemandMode(int phase) {
    return 1 + shared(phase);
  }

  private int spotMode(int place, int phase) {
    return 1 + (lastPhase + 1) * (1 + place) + shared(phase);
  }

  /**
   * An instance that ran in phase j runs next in phase min(j + 1, last): the last two phases
   * continue alike, so they share one mode's cells (the other's stay unused).
   */
  private int shared(int phase) {
    int p = Math.min(phase, lastPhase);
    return p == lastPhase - 1 ? lastPhase : p;
  }

  public Plan plan(int startTick) {
    int ticks = job.ticks(gap);
    // Values by mode, then slack: each row below is one loop along the slack axis.
    double[] next = new double[modes * (slack + 1)];
    double[] value = new double[next.length];
    boolean flex = !offers.flex().isEmpty();
    var choices = new Choices(ticks, modes, slack, flex);
    double[][] startAll = new double[flex ? ticks + 1 : 0][slack + 1];
    double[][] startNoFlex = new double[flex ? ticks + 1 : 0][slack + 1];
    FlexRuns runs = flex ? new FlexRuns(this, ticks, slack) : null;
    var rows = new Rows(lastPhase + 1, places, slack + 1);
    for (int t = ticks - 1; t >= 0; t--) {
      if (flex) {
        runs.solve(t, startNoFlex, startAll);
      }
      solveTick(startTick, t, next, value, choices, runs, rows);
      if (flex) {
        System.arraycopy(value, 0, startAll[t], 0, slack + 1);
        System.arraycopy(rows.noFlex, 0, startNoFlex[t], 0, slack + 1);
      }
      double[] swap = next;
      next = value;
      value = swap;
    }
    return new Plan(walk(choices, ticks, startTick, runs), next[0]);
  }

  /**
   * Buffers for one tick: by phase (and place), what running a tick costs at each slack; the best
   * start at each slack, with and without a new flex request.
   */
  private record Rows(double[][] onDemand, double[][][] spot, double[] best, double[] noFlex) {
    Rows(int phases, int places, int cells) {
      this(
          new double[phases][cells],
          new double[phases][places][cells],
          new double[cells],
          new double[cells]);
    }
  }

  /** Every cell of tick {@code t} from the values of tick {@code t + 1} ({@code next}). */
  private void solveTick(
      int start, int t, double[] next, double[] value, Choices choices, FlexRuns runs, Rows rows) {
    long base = (long) t * per;
    // Slack used never exceeds the time gone (base), and the tick before reads no further: without
    // flex offers (whose runs read their own way) the cells beyond are left unsolved.
    int to = (int) (runs == null ? Math.min(slack, base) + 1 : slack + 1);
    // Below this slack the work is done: nothing more to pay.
    int from = (int) Math.max(0, Math.min(to, base - workUnits + 1));
    int cells = slack + 1;
    for (int m = 0; m < modes; m++) {
      Arrays.fill(value, m * cells, m * cells + from, 0);
    }
    Arrays.fill(rows.best(), 0, from, 0);
    Arrays.fill(rows.noFlex(), 0, from, 0);
    int tick = start + t;
    for (int p = 0; p <= lastPhase; p++) {
      run(rows.onDemand()[p], next, p, false, 0, tick, base, from, to);
      for (int l = 0; l < places; l++) {
        run(rows.spot()[p][l], next, p, true, l, tick, base, from, to);
      }
    }
    for (int u = from; u < to; u++) {
      double best = u + per <= slack ? next[u + per] : INF;
      int choice = SampleResult.IDLE;
      if (rows.onDemand()[0][u] < best) {
        best = rows.onDemand()[0][u];
        choice = SampleResult.ON_DEMAND;
      }
      for (int l = 0; l < places; l++) {
        if (rows.spot()[0][l][u] < best) {
          best = rows.spot()[0][l][u];
          choice = l;
        }
      }
      rows.noFlex()[u] = best;
      int withoutFlex = choice;
      for (int f = 0; runs != null && f < offers.flex().size(); f++) {
        int grant = offers.flex().get(f).grant(tick);
        if (grant == MarketOffers.NO_GRANT || grant - start >= job.ticks(gap)) {
          continue;
        }
        int g = grant - start;
        long after = u + (long) (g - t) * per;
        if (after <= slack && runs.value(f, g, (int) after) < best) {
          best = runs.value(f, g, (int) after);
          choice = FLEX_REQUEST - f;
        }
      }
      value[u] = best;
      rows.best()[u] = best;
      choices.start(t, u, choice, withoutFlex);
    }
    for (int j = 0; j <= lastPhase; j++) {
      if (j == lastPhase - 1) {
        continue; // shares the last phase's mode
      }
      int phase = Math.min(j + 1, lastPhase);
      keep(rows.onDemand()[phase], rows, onDemandMode(j), t, from, to, value, choices);
      for (int l = 0; l < places; l++) {
        keep(rows.spot()[phase][l], rows, spotMode(l, j), t, from, to, value, choices);
      }
    }
  }

  /** An instance's cells: kept where running on costs no more than the best start. */
  private void keep(
      double[] run, Rows rows, int mode, int t, int from, int to, double[] value, Choices choices) {
    double[] best = rows.best();
    int at = mode * (slack + 1);
    for (int u = from; u < to; u++) {
      value[at + u] = Math.min(run[u], best[u]);
    }
    choices.keep(t, mode, run, best, from, to);
  }

  /**
   * What running a tick in {@code phase} costs, at each slack in [from, to): infinity where the
   * capacity is not there; the tick billed until the work is done where it ends the job; else the
   * whole tick and the next tick's value, the changeover's slack taken (infinity beyond the slack
   * there is).
   */
  private void run(
      double[] into,
      double[] next,
      int phase,
      boolean spot,
      int l,
      int tick,
      long base,
      int from,
      int to) {
    int cells = slack + 1;
    boolean block = spot && l >= locations;
    if (block ? !blockUsable(l - locations, tick) : spot && !market.available()[l][tick]) {
      Arrays.fill(into, from, to, INF);
      return;
    }
    double perSecond =
        block
            ? 0
            : (spot ? market.spotPrice()[l][tick] : market.onDemandPrice()[onDemandAt]) / 3600;
    long overhead = overhead(phase);
    long work = (gap - overhead) / unit;
    int paid = (int) (overhead / unit);
    // Up to this slack the tick's work covers what is left (progress is base - u).
    int ends = (int) Math.max(from - 1, Math.min(to - 1, base + work - workUnits));
    for (int u = from; u <= ends; u++) {
      into[u] = perSecond * (overhead + (workUnits - (base - u)) * unit);
    }
    double tickCost = perSecond * gap;
    int at = (spot ? spotMode(l, phase) : onDemandMode(phase)) * cells + paid;
    int fits = Math.min(slack - paid, to - 1);
    for (int u = ends + 1; u <= fits; u++) {
      into[u] = tickCost + next[at + u];
    }
    Arrays.fill(into, Math.max(ends + 1, fits + 1), to, INF);
  }

  private boolean blockUsable(int b, int tick) {
    return offers.blockUsable(b, tick) && (taken == null || taken.room(b, tick, offers.gang()));
  }

  private int code(int kind) {
    if (kind < locations) {
      return kind;
    }
    return SampleResult.block(kind - locations);
  }

  /** Walks the stored choices forward from an idle start, giving one action per tick. */
  private int[] walk(Choices choices, int ticks, int start, FlexRuns runs) {
    int[] actions = new int[ticks];
    Arrays.fill(actions, SampleResult.IDLE);
    int mode = 0;
    int phase = 0;
    int u = 0;
    int kind = SampleResult.IDLE;
    boolean noFlex = false;
    int t = 0;
    while (t < ticks && (long) t * per - u < workUnits) {
      if (mode != 0 && choices.kept(t, mode, u)) {
        phase = Math.min(phase + 1, lastPhase);
      } else {
        kind = choices.started(t, u, noFlex);
        phase = 0;
      }
      noFlex = false;
      if (kind <= FLEX_REQUEST) {
        int f = FLEX_REQUEST - kind;
        int g = offers.flex().get(f).grant(start + t) - start;
        Arrays.fill(actions, t, g, SampleResult.flexQueued(f));
        u += (g - t) * per;
        int leave = runs.exit(f, g, u);
        if (leave == FlexRuns.FINISH) {
          long remaining = workUnits - ((long) g * per - u);
          long seconds = job.changeoverSeconds() + remaining * unit;
          Arrays.fill(actions, g, g + (int) ((seconds + gap - 1) / gap), SampleResult.flex(f));
          break;
        }
        Arrays.fill(actions, g, leave, SampleResult.flex(f));
        u += changeoverUnits();
        noFlex = leave < g + offers.flex().get(f).maxRunTicks();
        t = leave;
        mode = 0;
        kind = SampleResult.IDLE;
        continue;
      }
      actions[t] = kind == SampleResult.IDLE || kind == SampleResult.ON_DEMAND ? kind : code(kind);
      if (kind == SampleResult.IDLE) {
        mode = 0;
        u += per;
      } else {
        mode = kind == SampleResult.ON_DEMAND ? onDemandMode(phase) : spotMode(kind, phase);
        u += (int) (overhead(phase) / unit);
      }
      t++;
    }
    return actions;
  }
}
