package dev.stratus.policy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Which slack table answers a job's state, and where in it. Near the deadline, where a changeover
 * or a short outage decides whether it is met, the <b>fine</b> table: one step per decision
 * interval, slack exact to the changeover's part of an interval, for the last {@link #FINE_TICKS}
 * intervals and up to {@link #FINE_SLACK} of slack. Farther out (a job of days, or one with more
 * slack), the <b>coarse</b> table: one step per {@link #COARSE_FACTOR} intervals, learnt from
 * availability pooled over those steps (a step is available only if it was throughout), up to
 * {@link #COARSE_TICKS} steps and {@link #COARSE_SLACK} of slack. A fine table covering a week of
 * ten-minute intervals with four days of slack would take seconds to solve; the two take a fraction
 * of a second, and the decision is looked up again every interval, so the coarse table only steers
 * a job until it comes within the fine table's reach.
 *
 * <p>Mapping a state to the coarse table rounds towards less: whole coarse steps left (so up to one
 * step of slack less), a running instance still in its changeover pays it again, and availability
 * ages count whole coarse steps.
 */
record Horizon(
    boolean coarse,
    Duration interval,
    SlackGrid grid,
    long ticks,
    long slack,
    int mode,
    int state,
    int maxTicks,
    int maxSlack) {
  static final int FINE_TICKS = 360;
  static final Duration FINE_SLACK = Duration.ofHours(12);
  static final int COARSE_FACTOR = 6;
  static final int COARSE_TICKS = 168;
  static final Duration COARSE_SLACK = Duration.ofHours(48);

  static Horizon of(
      Schedule s, List<AvailabilityHistory> histories, boolean up, Instant now, Duration interval) {
    SlackGrid fine = SlackGrid.of(s.interval(), s.changeover());
    long slack = fine.slackUnits(s.ticksLeft(), s.workLeft());
    int fineSlack = units(FINE_SLACK, fine);
    if (s.ticksLeft() <= FINE_TICKS && slack <= fineSlack) {
      int state = MarketState.of(up, Ages.lasting(histories, up, now, interval));
      return new Horizon(
          false, interval, fine, s.ticksLeft(), slack, mode(fine, s), state, FINE_TICKS, fineSlack);
    }
    Duration step = interval.multipliedBy(COARSE_FACTOR);
    SlackGrid coarse = SlackGrid.of(s.interval() * COARSE_FACTOR, s.changeover());
    long ticks = s.ticksLeft() / COARSE_FACTOR;
    int state = MarketState.of(up, Ages.lasting(histories, up, now, step));
    return new Horizon(
        true,
        step,
        coarse,
        ticks,
        Math.max(0, coarse.slackUnits(ticks, s.workLeft())),
        coarseMode(coarse, s),
        state,
        COARSE_TICKS,
        units(COARSE_SLACK, coarse));
  }

  /** How long spot has been in its state, in this table's steps (for the decision's reason). */
  String ageText() {
    int age = MarketState.age(state);
    String step = coarse ? "step" : "tick";
    String more = age >= LifetimeModel.AGES ? " or more" : "";
    return age + " " + step + (age == 1 ? "" : "s") + more + (coarse ? " of " + interval : "");
  }

  private static int units(Duration slack, SlackGrid grid) {
    return (int) (slack.toSeconds() / grid.unitSeconds());
  }

  /** The fine table's mode: the phase the running instance is in, counted in intervals. */
  private static int mode(SlackGrid grid, Schedule s) {
    return modeOf(grid, s, (int) Math.min(s.ticksRun() - 1, grid.lastPhase()));
  }

  /** The coarse table's mode: an instance still in its changeover pays it again. */
  private static int coarseMode(SlackGrid grid, Schedule s) {
    return modeOf(grid, s, s.changeoverLeft() > 1e-3 ? 0 : grid.lastPhase());
  }

  private static int modeOf(SlackGrid grid, Schedule s, int phase) {
    return switch (s.current()) {
      // A block or flex instance is left only for another instance: the table answers as if idle.
      case NONE, WINDOWED -> SlackGrid.idleMode();
      case ON_DEMAND -> grid.onDemandMode(phase);
      case SPOT -> grid.spotMode(phase);
    };
  }
}
