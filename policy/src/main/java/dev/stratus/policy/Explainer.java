package dev.stratus.policy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Builds an {@link Explanation} of a decision already taken: the facts any policy's decision rests
 * on, read from the same input ({@link Schedule}, {@link LocationIndex}, each offering's {@link
 * LifetimeModel}). It recomputes, never decides, so it costs a few times a decision and is asked
 * for only where a person will read it.
 */
final class Explainer {
  private Explainer() {}

  static Explanation of(DecisionInput in, Decision decision, String proposal) {
    Schedule s = Schedule.of(in);
    double slack = Math.max(0, s.ticksLeft() * s.interval() - s.workLeft()) / 3600;
    long need2 = s.ticksFor(s.workLeft() + 2 * s.changeover());
    return new Explanation(
        decision,
        slack,
        s.ticksLeft(),
        s.hours(s.workLeft()),
        running(in, s),
        proposal,
        in.locations().stream().map(l -> zone(in, l)).toList(),
        s.workLeft() > 0 ? options(in, s) : List.of(),
        Math.max(0, s.ticksLeft() - need2),
        decision.reason().startsWith("safety net"));
  }

  private static String running(DecisionInput in, Schedule s) {
    String what =
        switch (s.current()) {
          case NONE -> "nothing";
          case SPOT -> "spot at " + in.running().orElseThrow().location();
          case ON_DEMAND -> "on-demand at " + in.running().orElseThrow().location();
          case WINDOWED -> in.running().orElseThrow().location();
        };
    return s.changeoverLeft() > 1e-3
        ? what + " (" + Figures.decimals(s.hours(s.changeoverLeft()), 2) + " h of changeover left)"
        : what;
  }

  private static Explanation.Zone zone(DecisionInput in, LocationView l) {
    LifetimeModel model = LifetimeModel.fit(l.history(), in.interval());
    boolean up = l.spotUsable();
    int age = Ages.lasting(List.of(l.history()), up, in.now(), in.interval());
    double hours = expectedTicksLeft(model, up, age) * in.interval().toSeconds() / 3600.0;
    return new Explanation.Zone(
        l.location(), l.spotPricePerHour(), l.onDemandPricePerHour(), up, age, hours);
  }

  /**
   * Expected further intervals a state of {@code age} lasts: the sum over k >= 1 of the chance it
   * lasts k more; ages from {@link LifetimeModel#AGES} on share one chance, a geometric tail.
   */
  static double expectedTicksLeft(LifetimeModel model, boolean up, int age) {
    double alive = 1;
    double sum = 0;
    for (int a = Math.max(1, age); a < LifetimeModel.AGES; a++) {
      alive *= model.stay(up, a);
      sum += alive;
    }
    double p = model.stay(up, LifetimeModel.AGES);
    return p >= 1 ? Double.POSITIVE_INFINITY : sum + alive * p / (1 - p);
  }

  /** Spot where usable, then on-demand, cheapest per hour of progress first; wait last. */
  private static List<Explanation.Option> options(DecisionInput in, Schedule s) {
    List<Explanation.Option> out = new ArrayList<>();
    for (LocationIndex.Choice c : LocationIndex.each(in, s)) {
      out.add(new Explanation.Option("spot", c.location(), OptionalDouble.of(c.costPerWorkHour())));
    }
    LocationView od =
        in.onDemand().map(p -> in.location(p.location())).orElseGet(in::cheapestOnDemand);
    double changeover = in.onDemand().isPresent() ? s.changeoverLeft() : s.changeover();
    double perWorkHour = od.onDemandPricePerHour() * (s.workLeft() + changeover) / s.workLeft();
    out.add(new Explanation.Option("on-demand", od.location(), OptionalDouble.of(perWorkHour)));
    out.sort(Comparator.comparingDouble(o -> o.usdPerWorkHour().getAsDouble()));
    out.add(new Explanation.Option("wait", "", OptionalDouble.empty()));
    return out;
  }
}
