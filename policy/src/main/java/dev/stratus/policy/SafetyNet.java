package dev.stratus.policy;

/**
 * Can't Be Late's Safety Net Rule, in whole ticks: once the work left plus two changeovers needs
 * every tick left, a job that is idle or on on-demand goes (or stays) on on-demand; once the work
 * left plus one changeover needs every tick left, only a spot instance past its changeover may
 * carry on (if it is reclaimed, the one changeover to on-demand still fits), and anything else goes
 * on-demand. With no changeover, spot stays free to use. Every policy here ends with it, so none
 * can miss a deadline that on-demand alone could still meet.
 *
 * <p>Capacity with a window: a block or flex instance that can still run an interval before its end
 * is held like spot (its end is a reclaim known in advance, after which the one changeover to
 * on-demand still fits), and one the job finishes on is as certain as on-demand. Where the rule
 * sends the job to on-demand, an open block with room the job finishes on is taken instead: as
 * certain, and free.
 */
final class SafetyNet {
  private SafetyNet() {}

  static Decision apply(DecisionInput in, Schedule s, Decision proposed) {
    if (s.workLeft() <= 0) {
      return proposed;
    }
    long need1 = s.ticksFor(s.workLeft() + s.changeover());
    long need2 = s.ticksFor(s.workLeft() + 2 * s.changeover());
    boolean windowHolds = s.current() == Schedule.Current.WINDOWED && Windows.continues(in, s);
    Decision decision = proposed;
    if (need2 >= s.ticksLeft() && s.current() != Schedule.Current.SPOT && !windowHolds) {
      decision = certain(in, s, need2, "work left and two changeovers");
    }
    if (need1 >= s.ticksLeft()) {
      if (s.productiveSpot()) {
        String here = in.usableSpot().orElseThrow().location();
        decision =
            Decision.spot(here, "safety net: keep the running spot instance until reclaimed");
      } else if (windowHolds && (s.productiveEnding() || Windows.finishesOnCurrent(in, s))) {
        decision = Windows.keep(in, "safety net: keep the running instance until its end");
      } else {
        decision = certain(in, s, need1, "work left and one changeover");
      }
      if (s.changeover() == 0 && proposed instanceof Decision.RunSpot) {
        decision = proposed;
      }
    }
    return decision;
  }

  /** On-demand, or a block the job finishes on: where the rule sends a job at its edge. */
  private static Decision certain(DecisionInput in, Schedule s, long need, String what) {
    String why =
        "safety net: "
            + what
            + " need "
            + need
            + " of the "
            + s.ticksLeft()
            + " ticks left ("
            + Figures.decimals(s.hours(s.workLeft()), 1)
            + " h of work left)";
    if (Windows.finishesOnCurrent(in, s)) {
      return Windows.keep(in, why + "; the job finishes on its instance");
    }
    return Windows.blockToFinishOn(in, s)
        .map(b -> Decision.reserved(b.id(), why + "; the job finishes on reserved block " + b.id()))
        .orElseGet(
            () ->
                Decision.onDemand(
                    in.onDemand()
                        .map(Placement::location)
                        .orElseGet(() -> in.cheapestOnDemand().location()),
                    why));
  }
}
