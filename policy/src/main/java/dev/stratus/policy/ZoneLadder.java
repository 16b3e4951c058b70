package dev.stratus.policy;

import java.util.List;
import java.util.Optional;

/**
 * Where, and whether, to run spot across several offerings: markets nested by spot price ({@link
 * PriceTiers}), the cheapest that can still give the job its work asked first.
 *
 * <ol>
 *   <li>Markets that, at their long-run rate of progress ({@link MarketRate}, learnt up to the
 *       day's start), are not expected to give the work left before the deadline are passed over:
 *       spending slack on waiting for them would only end on a dearer market with less slack.
 *   <li>The first remaining market's slack table, solved at the market's dearest spot price,
 *       answers: wait, spot, or on-demand. Wait and spot are taken (spot at the offering with the
 *       least {@link LocationIndex}); on-demand means the slack is too dear to wait for this
 *       market, so the next, dearer and more available one is asked. Only when all would go
 *       on-demand does the job go there.
 *   <li>An idle job far from its deadline (the coarse table answers, so slack is cheap) does not
 *       start a run younger than its offering's best age to start at: the age from which the
 *       offering's {@link LocationIndex} is at its least. Many runs end within an interval or two
 *       of starting; each such start costs a changeover for no progress, and waiting an interval
 *       costs only slack that is cheap here.
 * </ol>
 */
final class ZoneLadder {
  /** The action a market's table gives at the job's state, and the horizon it was looked up at. */
  interface Tables {
    byte action(PriceTiers.Tier market, Horizon h);
  }

  /** What the ladder decided, and in which market. */
  record Answer(
      byte action,
      Optional<LocationIndex.Choice> where,
      PriceTiers.Tier market,
      Horizon h,
      boolean young) {}

  private ZoneLadder() {}

  static Optional<Answer> decide(DecisionInput in, Schedule s, Tables tables, MarketRates rates) {
    List<PriceTiers.Tier> tiers = PriceTiers.of(in).tiers();
    int first = 0;
    while (first < tiers.size() - 1 && !covers(in, s, tiers.get(first), rates)) {
      first++;
    }
    Answer last = null;
    for (PriceTiers.Tier market : tiers.subList(first, tiers.size())) {
      Horizon h = Horizon.of(s, market.histories(), market.up(), in.now(), in.interval());
      byte action = tables.action(market, h);
      last = new Answer(action, Optional.empty(), market, h, false);
      if (action == SlackTable.IDLE) {
        return Optional.of(last);
      }
      if (action == SlackTable.SPOT) {
        Optional<LocationIndex.Choice> where = LocationIndex.best(in, s, market.offerings());
        if (where.isPresent()) {
          boolean young =
              h.coarse()
                  && s.current() == Schedule.Current.NONE
                  && LocationIndex.youth(in, s, in.location(where.get().location())) > 1 + 1e-9;
          return Optional.of(
              new Answer(young ? SlackTable.IDLE : SlackTable.SPOT, where, market, h, young));
        }
      }
    }
    return Optional.ofNullable(last)
        .map(a -> new Answer(SlackTable.ON_DEMAND, Optional.empty(), a.market(), a.h(), false));
  }

  private static boolean covers(
      DecisionInput in, Schedule s, PriceTiers.Tier market, MarketRates rates) {
    double rate = rates.of(market, in.now(), in.interval(), s.changeover());
    return rate * s.ticksLeft() * s.interval() >= s.workLeft();
  }
}
