package dev.stratus.simulator.omniscient;

import dev.stratus.simulator.offers.MarketOffers;
import java.util.Arrays;

/**
 * The planner's flex values: for offer f, a grant at tick G and slack used u, the least cost from
 * there on, which is the better of finishing on the flex instance, leaving it at a tick G+k (k from
 * the end of its changeover to its maximum run less one tick; the job may not make a new request at
 * once, which the engine would read as keeping it), or staying to the end of its maximum run (where
 * a new request may follow). Productive flex ticks use no slack, so the leaving ticks for a given
 * slack form a window sliding with G: one monotone deque per (offer, slack) gives each minimum in
 * constant time as the backward pass moves G down.
 */
final class FlexRuns {
  static final int FINISH = -1;
  private static final double INF = Double.POSITIVE_INFINITY;

  private final OmniscientPlanner p;
  private final int ticks;
  private final double[][][] value;
  private final int[][][] exit;
  private final int[][][] deque;
  private final double[][][] dequeValue;
  private final int[][] head;
  private final int[][] tail;

  FlexRuns(OmniscientPlanner p, int ticks, int slack) {
    this.p = p;
    this.ticks = ticks;
    int offers = p.offers().flex().size();
    value = new double[offers][ticks + 1][slack + 1];
    exit = new int[offers][ticks + 1][slack + 1];
    deque = new int[offers][slack + 1][ticks + 2];
    dequeValue = new double[offers][slack + 1][ticks + 2];
    head = new int[offers][slack + 1];
    tail = new int[offers][slack + 1];
    for (double[][] v : value) {
      Arrays.fill(v[ticks], INF);
    }
  }

  double value(int f, int grant, int u) {
    return value[f][grant][u];
  }

  int exit(int f, int grant, int u) {
    return exit[f][grant][u];
  }

  /**
   * Fills tick {@code t}'s values; {@code startNoFlex}/{@code startAll} are known for ticks > t.
   */
  void solve(int t, double[][] startNoFlex, double[][] startAll) {
    long gap = p.gap();
    int cUnits = p.changeoverUnits();
    int kmin = Math.max(1, (int) ((p.changeoverSeconds() + gap - 1) / gap));
    for (int f = 0; f < value.length; f++) {
      MarketOffers.Flex offer = p.offers().flex().get(f);
      double perTick = offer.price() * gap / 3600;
      int mt = offer.maxRunTicks();
      for (int v = 0; v < head[f].length; v++) {
        push(f, v, t + kmin, startNoFlex, perTick);
        while (head[f][v] < tail[f][v] && deque[f][v][head[f][v]] > t + mt - 1) {
          head[f][v]++;
        }
      }
      for (int u = 0; u < value[f][t].length; u++) {
        long remaining = p.workUnits() - ((long) t * p.per() - u);
        if (remaining <= 0) {
          value[f][t][u] = 0;
          exit[f][t][u] = FINISH;
          continue;
        }
        double best = INF;
        int at = FINISH;
        int after = u + cUnits;
        long needed = p.changeoverSeconds() + remaining * p.unit();
        if (after < head[f].length && needed <= (long) mt * gap) {
          best = offer.price() * needed / 3600;
        }
        if (after < head[f].length) {
          if (head[f][after] < tail[f][after]) {
            double leave = dequeValue[f][after][head[f][after]] - perTick * t;
            if (leave < best) {
              best = leave;
              at = deque[f][after][head[f][after]];
            }
          }
          if (mt >= kmin && t + mt <= ticks) {
            double end = perTick * mt + startAll[t + mt][after];
            if (end < best) {
              best = end;
              at = t + mt;
            }
          }
        }
        value[f][t][u] = best;
        exit[f][t][u] = at;
      }
    }
  }

  private void push(int f, int v, int leave, double[][] startNoFlex, double perTick) {
    if (leave > ticks) {
      return;
    }
    double x = perTick * leave + startNoFlex[leave][v];
    while (head[f][v] < tail[f][v] && dequeValue[f][v][tail[f][v] - 1] >= x) {
      tail[f][v]--;
    }
    deque[f][v][tail[f][v]] = leave;
    dequeValue[f][v][tail[f][v]] = x;
    tail[f][v]++;
  }
}
