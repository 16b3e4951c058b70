package dev.stratus.core.policy;

/**
 * The discrete world the slack table is solved in: one step is a decision interval; slack (time
 * left minus work left) is counted in units that divide the interval and the changeover's part of
 * an interval, so a changeover's progress loss is exact. An instance is in phase j during its
 * (j+1)-th interval; phases from {@link #lastPhase()} on are past the changeover.
 */
record SlackGrid(long intervalSeconds, long changeoverSeconds, long unitSeconds) {
  /** Slack resolution: at most this many units per interval (coarser grids round overheads up). */
  static final long MAX_UNITS_PER_INTERVAL = 60;

  static SlackGrid of(double intervalSeconds, double changeoverSeconds) {
    long g = Math.max(1, Math.round(intervalSeconds));
    long d = Math.max(0, Math.round(changeoverSeconds));
    long unit = gcd(g, d % g);
    while (g / unit > MAX_UNITS_PER_INTERVAL || g % unit != 0) {
      unit++;
    }
    return new SlackGrid(g, d, unit);
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

  int modes() {
    return 1 + 2 * (lastPhase() + 1);
  }

  static int idleMode() {
    return 0;
  }

  int onDemandMode(int phase) {
    return 1 + Math.min(phase, lastPhase());
  }

  int spotMode(int phase) {
    return 2 + lastPhase() + Math.min(phase, lastPhase());
  }
}
