package dev.stratus.policy;

/**
 * The discrete world the slack table is solved in: one step is a decision interval; slack (time
 * left minus work left) is counted in units that divide the interval. The unit is the one that
 * makes a changeover's progress loss exact (it divides the changeover's part of an interval) when
 * that is at least half a changeover; otherwise the largest divisor of the interval up to half a
 * changeover, and overheads are rounded up to whole units: a table that counts a 12-minute
 * changeover as 15 minutes decides as well (measured on Can't Be Late's Table 3) and has 2 slack
 * units per 10-minute interval instead of 5. Slack is rounded down. An instance is in phase j
 * during its (j+1)-th interval; phases from {@link #lastPhase()} on are past the changeover.
 */
record SlackGrid(long intervalSeconds, long changeoverSeconds, long unitSeconds) {
  /** Slack resolution: at most this many units per interval. */
  static final long MAX_UNITS_PER_INTERVAL = 60;

  static SlackGrid of(double intervalSeconds, double changeoverSeconds) {
    long g = Math.max(1, Math.round(intervalSeconds));
    long d = Math.max(0, Math.round(changeoverSeconds));
    long exact = gcd(g, d % g);
    long unit = 2 * exact >= d ? exact : largestDivisor(g, d / 2);
    while (g / unit > MAX_UNITS_PER_INTERVAL || g % unit != 0) {
      unit++;
    }
    return new SlackGrid(g, d, unit);
  }

  private static long largestDivisor(long n, long atMost) {
    for (long u = Math.min(n, Math.max(1, atMost)); u > 1; u--) {
      if (n % u == 0) {
        return u;
      }
    }
    return 1;
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  int lastPhase() {
    return (int) ((changeoverSeconds + intervalSeconds - 1) / intervalSeconds);
  }

  long unitsPerInterval() {
    return intervalSeconds / unitSeconds;
  }

  /** Changeover paid during phase j, in seconds. */
  long overhead(int phase) {
    return Math.min(intervalSeconds, Math.max(0, changeoverSeconds - phase * intervalSeconds));
  }

  /** Slack lost during phase j, in units (rounded up when the grid is coarser than exact). */
  long overheadUnits(int phase) {
    return (overhead(phase) + unitSeconds - 1) / unitSeconds;
  }

  /** Slack units now (rounded down, so never more than the job really has). */
  long slackUnits(long ticksLeft, double workLeftSeconds) {
    double slack = ticksLeft * (double) intervalSeconds - workLeftSeconds;
    return (long) Math.floor(slack / unitSeconds + 1e-9);
  }

  /**
   * Modes: idle, or an instance of each capacity by the phase it ran in last. An instance that ran
   * in phase j runs next in phase min(j + 1, last), so phases last - 1 and last continue alike and
   * share a mode.
   */
  int modes() {
    return 1 + 2 * runningModes();
  }

  private int runningModes() {
    return Math.max(1, lastPhase());
  }

  static int idleMode() {
    return 0;
  }

  int onDemandMode(int phase) {
    return 1 + Math.min(phase, runningModes() - 1);
  }

  int spotMode(int phase) {
    return 1 + runningModes() + Math.min(phase, runningModes() - 1);
  }
}
