package dev.stratus.policy;

import java.util.List;
import java.util.Optional;

/**
 * Where to run spot when several offerings have it: the one with the lowest expected cost per hour
 * of progress for the run it would get. For offering l at availability age k, over the intervals
 * until the job would be done: (price x expected billed time + chance the run ends early x one
 * changeover at the cheapest spot price now) / expected progress. Expected values come from l's
 * {@link LifetimeModel}; a new instance pays the changeover first, the running one only what is
 * left of it. An offering whose index is above the cheapest on-demand price is not worth spot at
 * all.
 */
final class LocationIndex {
  private LocationIndex() {}

  record Choice(String location, double costPerWorkHour) {}

  static Optional<Choice> best(DecisionInput in, Schedule s) {
    return best(in, s, in.locations());
  }

  /** The best of {@code candidates} (some of {@code in}'s offerings). */
  static Optional<Choice> best(DecisionInput in, Schedule s, List<LocationView> candidates) {
    String current = in.usableSpot().map(Placement::location).orElse(null);
    double cheapestSpot =
        in.cheapestUsableSpot().map(LocationView::spotPricePerHour).orElse(Double.NaN);
    Choice best = null;
    for (LocationView l : candidates) {
      if (!l.spotUsable()) {
        continue;
      }
      double changeoverLeft = l.location().equals(current) ? s.changeoverLeft() : s.changeover();
      double index = index(in, s, l, changeoverLeft, cheapestSpot);
      if (best == null || index < best.costPerWorkHour()) {
        best = new Choice(l.location(), index);
      }
    }
    double onDemand = in.cheapestOnDemand().onDemandPricePerHour();
    return Optional.ofNullable(best).filter(c -> c.costPerWorkHour() <= onDemand);
  }

  /**
   * Every offering with usable spot and its index, in the input's order: what {@link #best} chooses
   * from, for an {@link Explanation}.
   */
  static List<Choice> each(DecisionInput in, Schedule s) {
    String current = in.usableSpot().map(Placement::location).orElse(null);
    double restart = in.cheapestUsableSpot().map(LocationView::spotPricePerHour).orElse(Double.NaN);
    return in.locations().stream()
        .filter(LocationView::spotUsable)
        .map(
            l ->
                new Choice(
                    l.location(),
                    index(
                        in,
                        s,
                        l,
                        l.location().equals(current) ? s.changeoverLeft() : s.changeover(),
                        restart)))
        .toList();
  }

  private static double index(
      DecisionInput in, Schedule s, LocationView l, double changeoverLeft, double restartPrice) {
    LifetimeModel model = LifetimeModel.fit(l.history(), in.interval());
    int age = Ages.availableFor(l.history(), in.now(), in.interval());
    return index(s, l, model, age, changeoverLeft, restartPrice);
  }

  /**
   * A new run's index at offering {@code l}'s age now over the least it has at any age: above 1
   * when the run is younger than the runs its history says are worth a changeover (many end within
   * an interval or two of starting, and those that last have outlived that).
   */
  static double youth(DecisionInput in, Schedule s, LocationView l) {
    LifetimeModel model = LifetimeModel.fit(l.history(), in.interval());
    int age = Ages.availableFor(l.history(), in.now(), in.interval());
    double price = l.spotPricePerHour();
    double now = index(s, l, model, age, s.changeover(), price);
    double least = now;
    for (int a = age + 1; a <= LifetimeModel.AGES; a++) {
      least = Math.min(least, index(s, l, model, a, s.changeover(), price));
    }
    return least > 0 && Double.isFinite(least) ? now / least : 1;
  }

  private static double index(
      Schedule s,
      LocationView l,
      LifetimeModel model,
      int age,
      double changeoverLeft,
      double restartPrice) {
    double g = s.interval();
    double billed = 0;
    double work = 0;
    double alive = 1;
    double done = 0;
    double overhead = changeoverLeft;
    for (int tick = 0; done < s.workLeft() && tick < 4 * (s.ticksLeft() + 1); tick++) {
      double paid = Math.min(g, overhead);
      overhead -= paid;
      billed += alive * g;
      work += alive * (g - paid);
      done += g - paid;
      alive *= model.stay(true, age + tick);
      if (alive < 1e-6) {
        break;
      }
    }
    double endsEarly = done >= s.workLeft() ? 1 - alive : 1;
    double cost =
        l.spotPricePerHour() * billed / 3600 + endsEarly * s.changeover() * restartPrice / 3600;
    return work <= 0 ? Double.POSITIVE_INFINITY : cost / (work / 3600);
  }
}
