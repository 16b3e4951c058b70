package dev.stratus.policy;

import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * Stratus's deadline-aware spot policy. Two questions, answered from what the controller has seen:
 *
 * <ul>
 *   <li><b>When</b> (spot, on-demand, or wait): a {@link SlackTable} solved for the market, the
 *       union of the offerings' spot availability, learnt as a {@link LifetimeModel} from history
 *       up to the start of a UTC day: the latest day whose model differed beyond chance from the
 *       one before ({@link ModelEpochs}). The fine table near the deadline, the coarse one far from
 *       it ({@link Horizon}). Looked up at the job's ticks left, slack, current instance and phase,
 *       and the market's availability and its age, it says what has the least expected cost while
 *       never risking the deadline: it skips spot runs too young to be worth a changeover when
 *       slack is dear, waits out outages when slack is cheap, and leaves on-demand for spot only
 *       when the slack can pay for the way back.
 *   <li><b>Where</b> (across offerings): the {@link LocationIndex}, the lowest expected cost per
 *       hour of progress for the run each offering would give now.
 * </ul>
 *
 * In one zone the market is the zone and the table alone decides. The {@link SafetyNet} has the
 * last word.
 */
public final class StratusDeadlinePolicy implements DeadlinePolicy {
  private final TableCache tables = new TableCache(48);
  private final ModelEpochs epochs = new ModelEpochs();

  @Override
  public String name() {
    return "stratus";
  }

  @Override
  public Decision decide(DecisionInput in) {
    if (in.job().done()) {
      return Decision.waiting("the job's work is done");
    }
    Schedule s = Schedule.of(in);
    Optional<LocationIndex.Choice> where = where(in, s);
    Lookup look = lookup(in, s);
    Horizon h = look.horizon();
    boolean up = look.up();
    byte action = look.action();
    String why =
        Figures.decimals(Math.max(0, s.ticksLeft() * s.interval() - s.workLeft()) / 3600, 1)
            + " h of slack over "
            + s.ticksLeft()
            + " ticks, spot "
            + (up ? "available" : "unavailable")
            + " for "
            + h.ageText()
            + (h.coarse() ? " (coarse table)" : " (fine table)");
    Decision proposed =
        switch (action) {
          case SlackTable.SPOT ->
              where
                  .map(c -> spot(c, why))
                  .orElseGet(() -> onDemand(in, why + "; no offering's spot beats on-demand"));
          case SlackTable.ON_DEMAND -> onDemand(in, why + "; on-demand is cheaper in expectation");
          default -> Decision.waiting(why + "; waiting for spot is cheaper in expectation");
        };
    return SafetyNet.apply(in, s, WindowedCapacity.choose(in, s, proposed));
  }

  /**
   * {@inheritDoc} Adds what the slack table says at the job's state (fine or coarse, the market's
   * availability and its age) to the facts every policy's explanation has.
   */
  @Override
  public Explanation explain(DecisionInput in) {
    Decision decision = decide(in);
    if (in.job().done()) {
      return Explainer.of(in, decision, "");
    }
    Lookup look = lookup(in, Schedule.of(in));
    Horizon h = look.horizon();
    String says =
        switch (look.action()) {
          case SlackTable.SPOT -> "spot";
          case SlackTable.ON_DEMAND -> "on-demand";
          default -> "wait";
        };
    String proposal =
        (h.coarse() ? "the coarse" : "the fine")
            + " slack table says "
            + says
            + " (the market's spot "
            + (look.up() ? "available" : "unavailable")
            + " for "
            + h.ageText()
            + ")";
    return Explainer.of(in, decision, proposal);
  }

  /** Which table answers the job's state, whether the market has spot now, and its action. */
  private record Lookup(Horizon horizon, boolean up, byte action) {}

  private Lookup lookup(DecisionInput in, Schedule s) {
    List<AvailabilityHistory> histories =
        in.locations().stream().map(LocationView::history).toList();
    boolean up = in.locations().stream().anyMatch(LocationView::spotUsable);
    Horizon h = Horizon.of(s, histories, up, in.now(), in.interval());
    return new Lookup(
        h, up, table(in, histories, h).action(h.ticks(), h.slack(), h.mode(), h.state()));
  }

  private static Optional<LocationIndex.Choice> where(DecisionInput in, Schedule s) {
    if (in.locations().size() == 1) {
      LocationView only = in.locations().get(0);
      return only.spotUsable()
          ? Optional.of(new LocationIndex.Choice(only.location(), only.spotPricePerHour()))
          : Optional.empty();
    }
    return LocationIndex.best(in, s);
  }

  private SlackTable table(DecisionInput in, List<AvailabilityHistory> histories, Horizon h) {
    List<String> locations = in.locations().stream().map(LocationView::location).toList();
    ModelEpochs.Reference ref =
        epochs.at(
            locations, histories, in.now().truncatedTo(ChronoUnit.DAYS), h.interval(), h.coarse());
    double spot =
        in.locations().stream().mapToDouble(LocationView::spotPricePerHour).min().orElseThrow();
    var key =
        new TableCache.Key(
            locations,
            ref.observed(),
            ref.cut(),
            h.grid(),
            spot,
            in.cheapestOnDemand().onDemandPricePerHour());
    return tables.get(key, h.maxTicks(), h.maxSlack(), ref::model);
  }

  private static Decision spot(LocationIndex.Choice c, String why) {
    return Decision.spot(
        c.location(),
        why
            + "; spot at "
            + c.location()
            + " ($"
            + Figures.decimals(c.costPerWorkHour(), 2)
            + " per hour of progress expected)");
  }

  private static Decision onDemand(DecisionInput in, String why) {
    String where =
        in.onDemand().map(Placement::location).orElseGet(() -> in.cheapestOnDemand().location());
    return Decision.onDemand(where, why);
  }
}
