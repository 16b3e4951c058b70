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
 *   <li><b>Where</b> (across offerings): markets nested by spot price ({@link PriceTiers}), the
 *       cheapest asked first; within the market that answers, the {@link LocationIndex}, the lowest
 *       expected cost per hour of progress for the run each offering would give now.
 * </ul>
 *
 * In one zone the market is the zone and the table alone decides. The {@link SafetyNet} has the
 * last word.
 */
public final class StratusDeadlinePolicy implements DeadlinePolicy {
  private final TableCache tables = new TableCache(48);
  private final ModelEpochs epochs = new ModelEpochs();
  private final MarketRates rates = new MarketRates();

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
    Decision proposed = in.locations().size() == 1 ? alone(in, s) : ladder(in, s);
    return SafetyNet.apply(in, s, WindowedCapacity.choose(in, s, proposed));
  }

  /**
   * {@inheritDoc} Adds what the slack table of the market that answered says at the job's state
   * (fine or coarse, the market's availability and its age) to the facts every policy's explanation
   * has.
   */
  @Override
  public Explanation explain(DecisionInput in) {
    Decision decision = decide(in);
    if (in.job().done()) {
      return Explainer.of(in, decision, "");
    }
    Schedule s = Schedule.of(in);
    Optional<Said> said =
        in.locations().size() == 1
            ? Optional.of(aloneSays(in, s))
            : ZoneLadder.decide(in, s, (market, h) -> action(in, market, h), rates)
                .map(a -> new Said(a.h(), a.market().up(), a.action(), market(a.market())));
    return Explainer.of(
        in, decision, said.map(Said::text).orElse("no market's spot beats on-demand"));
  }

  /** What one market's slack table said: its horizon, whether it has spot now, its action. */
  private record Said(Horizon h, boolean up, byte action, String market) {
    String text() {
      String says =
          switch (action) {
            case SlackTable.SPOT -> "spot";
            case SlackTable.ON_DEMAND -> "on-demand";
            default -> "wait";
          };
      return (h.coarse() ? "the coarse" : "the fine")
          + " slack table"
          + market
          + " says "
          + says
          + " (the market's spot "
          + (up ? "available" : "unavailable")
          + " for "
          + h.ageText()
          + ")";
    }
  }

  private Said aloneSays(DecisionInput in, Schedule s) {
    LocationView only = in.locations().get(0);
    var market = new PriceTiers.Tier(List.of(only), only.spotPricePerHour());
    Horizon h = horizon(in, s, market);
    return new Said(h, market.up(), action(in, market, h), "");
  }

  private byte action(DecisionInput in, PriceTiers.Tier market, Horizon h) {
    return table(in, market, h).action(h.ticks(), h.slack(), h.mode(), h.state());
  }

  /** How a reason names the market of several offerings that answered. */
  private static String market(PriceTiers.Tier market) {
    return " in the market of "
        + market.offerings().size()
        + " offering(s) up to $"
        + Figures.decimals(market.spotPricePerHour(), 2);
  }

  private Decision alone(DecisionInput in, Schedule s) {
    LocationView only = in.locations().get(0);
    Said said = aloneSays(in, s);
    String why = why(s, said.h(), said.up());
    return switch (said.action()) {
      case SlackTable.SPOT ->
          only.spotUsable()
              ? spot(new LocationIndex.Choice(only.location(), only.spotPricePerHour()), why)
              : onDemand(in, why + "; no offering's spot beats on-demand");
      case SlackTable.ON_DEMAND -> onDemand(in, why + "; on-demand is cheaper in expectation");
      default -> Decision.waiting(why + "; waiting for spot is cheaper in expectation");
    };
  }

  private Decision ladder(DecisionInput in, Schedule s) {
    Optional<ZoneLadder.Answer> answer =
        ZoneLadder.decide(in, s, (market, h) -> action(in, market, h), rates);
    if (answer.isEmpty()) {
      return onDemand(in, "no offering's spot beats on-demand");
    }
    ZoneLadder.Answer a = answer.get();
    String why = why(s, a.h(), a.market().up()) + market(a.market());
    return switch (a.action()) {
      case SlackTable.SPOT -> spot(a.where().orElseThrow(), why);
      case SlackTable.ON_DEMAND -> onDemand(in, why + "; on-demand is cheaper in expectation");
      default ->
          Decision.waiting(
              why
                  + (a.young()
                      ? "; waiting for a run old enough to be worth a changeover"
                      : "; waiting for spot is cheaper in expectation"));
    };
  }

  private static Horizon horizon(DecisionInput in, Schedule s, PriceTiers.Tier market) {
    return Horizon.of(s, market.histories(), market.up(), in.now(), in.interval());
  }

  private static String why(Schedule s, Horizon h, boolean up) {
    return Figures.decimals(Math.max(0, s.ticksLeft() * s.interval() - s.workLeft()) / 3600, 1)
        + " h of slack over "
        + s.ticksLeft()
        + " ticks, spot "
        + (up ? "available" : "unavailable")
        + " for "
        + h.ageText()
        + (h.coarse() ? " (coarse table)" : " (fine table)");
  }

  private SlackTable table(DecisionInput in, PriceTiers.Tier market, Horizon h) {
    List<String> locations = market.offerings().stream().map(LocationView::location).toList();
    ModelEpochs.Reference ref =
        epochs.at(
            locations,
            market.histories(),
            in.now().truncatedTo(ChronoUnit.DAYS),
            h.interval(),
            h.coarse());
    var key =
        new TableCache.Key(
            locations,
            ref.observed(),
            ref.cut(),
            h.grid(),
            market.spotPricePerHour(),
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
