package dev.stratus.simulator.omniscient;

import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import java.util.Arrays;

/**
 * The least-cost schedule with full knowledge of the future, for judging policies only. Exact
 * dynamic programming over ticks x slack used x (what ran in the last tick: nothing, on-demand or
 * spot at one location, and in which changeover phase), with the simulator's accounting: a new
 * instance pays the changeover, billed without progress; spot runs only where available; the last
 * tick is billed until the work is done. Slack is counted in units that divide the tick, the
 * changeover's part of a tick and the job's part of a tick, so nothing is rounded.
 */
public final class OmniscientPlanner {
  private static final double INF = Double.POSITIVE_INFINITY;

  /** Refuse grids beyond this many cells: a finer trace needs a coarser job or no omniscient. */
  static final long MAX_CELLS = 400_000_000L;

  private final Market market;
  private final JobSpec job;
  private final long gap;
  private final long unit;
  private final int per;
  private final long workUnits;
  private final int slack;
  private final int lastPhase;
  private final int locations;
  private final int modes;
  private final int onDemandAt;

  public OmniscientPlanner(Market market, JobSpec job) {
    this.market = market;
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
    this.modes = 1 + (lastPhase + 1) * (1 + locations);
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

  private long overhead(int phase) {
    return Math.min(gap, Math.max(0, job.changeoverSeconds() - phase * gap));
  }

  private int onDemandMode(int phase) {
    return 1 + Math.min(phase, lastPhase);
  }

  private int spotMode(int location, int phase) {
    return 1 + (lastPhase + 1) * (1 + location) + Math.min(phase, lastPhase);
  }

  public Plan plan(int startTick) {
    int ticks = job.ticks(gap);
    double[] next = new double[modes * (slack + 1)];
    double[] value = new double[next.length];
    var choices = new Choices(ticks, modes, slack);
    for (int t = ticks - 1; t >= 0; t--) {
      for (int u = 0; u <= slack; u++) {
        solveCell(startTick, t, u, next, value, choices);
      }
      double[] swap = next;
      next = value;
      value = swap;
    }
    return new Plan(choices.replay(this, ticks), next[0]);
  }

  private void solveCell(int start, int t, int u, double[] next, double[] value, Choices choices) {
    long progress = (long) t * per - u;
    int base = u * modes;
    if (progress >= workUnits) {
      Arrays.fill(value, base, base + modes, 0);
      return;
    }
    int tick = start + t;
    double best = u + per <= slack ? next[(u + per) * modes] : INF;
    int choice = SampleResult.IDLE;
    double od = run(next, u, progress, 0, false, 0, tick);
    if (od < best) {
      best = od;
      choice = SampleResult.ON_DEMAND;
    }
    for (int l = 0; l < locations; l++) {
      double spot = run(next, u, progress, 0, true, l, tick);
      if (spot < best) {
        best = spot;
        choice = l;
      }
    }
    value[base] = best;
    choices.start(t, u, choice);
    for (int j = 0; j <= lastPhase; j++) {
      int phase = Math.min(j + 1, lastPhase);
      double keep = run(next, u, progress, phase, false, 0, tick);
      value[base + onDemandMode(j)] = Math.min(keep, best);
      choices.keep(t, onDemandMode(j), u, keep <= best);
      for (int l = 0; l < locations; l++) {
        keep = run(next, u, progress, phase, true, l, tick);
        value[base + spotMode(l, j)] = Math.min(keep, best);
        choices.keep(t, spotMode(l, j), u, keep <= best);
      }
    }
  }

  private double run(
      double[] next, int u, long progress, int phase, boolean spot, int l, int tick) {
    if (spot && !market.available()[l][tick]) {
      return INF;
    }
    double perSecond =
        (spot ? market.spotPrice()[l][tick] : market.onDemandPrice()[onDemandAt]) / 3600;
    long overhead = overhead(phase);
    long work = (gap - overhead) / unit;
    if (progress + work >= workUnits) {
      return perSecond * (overhead + (workUnits - progress) * unit);
    }
    int after = u + (int) (overhead / unit);
    if (after > slack) {
      return INF;
    }
    int mode = spot ? spotMode(l, phase) : onDemandMode(phase);
    return perSecond * gap + next[after * modes + mode];
  }

  /** Walks the stored choices forward from an idle start, giving one action per tick. */
  int[] walk(Choices choices, int ticks) {
    int[] actions = new int[ticks];
    Arrays.fill(actions, SampleResult.IDLE);
    int mode = 0;
    int phase = 0;
    int u = 0;
    int kind = SampleResult.IDLE;
    for (int t = 0; t < ticks && (long) t * per - u < workUnits; t++) {
      if (mode != 0 && choices.kept(t, mode, u)) {
        phase = Math.min(phase + 1, lastPhase);
      } else {
        kind = choices.started(t, u);
        phase = 0;
      }
      actions[t] = kind;
      if (kind == SampleResult.IDLE) {
        mode = 0;
        u += per;
      } else {
        mode = kind == SampleResult.ON_DEMAND ? onDemandMode(phase) : spotMode(kind, phase);
        u += (int) (overhead(phase) / unit);
      }
    }
    return actions;
  }
}
