package dev.stratus.policy;

/**
 * Can't Be Late's Safety Net Rule, in whole ticks: once the work left plus two changeovers needs
 * every tick left, a job that is idle or on on-demand goes (or stays) on on-demand; once the work
 * left plus one changeover needs every tick left, only a spot instance past its changeover may
 * carry on (if it is reclaimed, the one changeover to on-demand still fits), and anything else goes
 * on-demand. With no changeover, spot stays free to use. Every policy here ends with it, so none
 * can miss a deadline that on-demand alone could still meet.
 */
final class SafetyNet {
  private SafetyNet() {}

  static Decision apply(DecisionInput in, Schedule s, Decision proposed) {
    if (s.workLeft() <= 0) {
      return proposed;
    }
    long need1 = s.ticksFor(s.workLeft() + s.changeover());
    long need2 = s.ticksFor(s.workLeft() + 2 * s.changeover());
    Decision decision = proposed;
    if (need2 >= s.ticksLeft() && s.current() != Schedule.Current.SPOT) {
      decision = onDemand(in, s, need2, "work left and two changeovers");
    }
    if (need1 >= s.ticksLeft()) {
      if (s.productiveSpot()) {
        String here = in.usableSpot().orElseThrow().location();
        decision =
            Decision.spot(here, "safety net: keep the running spot instance until reclaimed");
      } else {
        decision = onDemand(in, s, need1, "work left and one changeover");
      }
      if (s.changeover() == 0 && proposed instanceof Decision.RunSpot) {
        decision = proposed;
      }
    }
    return decision;
  }

  private static Decision onDemand(DecisionInput in, Schedule s, long need, String what) {
    String where =
        in.onDemand().map(Placement::location).orElseGet(() -> in.cheapestOnDemand().location());
    return Decision.onDemand(
        where,
        "safety net: "
            + what
            + " need "
            + need
            + " of the "
            + s.ticksLeft()
            + " ticks left ("
            + Figures.decimals(s.hours(s.workLeft()), 1)
            + " h of work left)");
  }
}
