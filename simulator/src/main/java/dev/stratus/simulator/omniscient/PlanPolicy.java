package dev.stratus.simulator.omniscient;

import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.policy.Decision;
import dev.stratus.policy.DecisionInput;
import dev.stratus.simulator.offers.MarketOffers;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import java.time.Duration;
import java.time.Instant;

/**
 * Replays an omniscient {@link Plan} through the same engine as the online policies, so its hours
 * and cost come from the same accounting. Simulator-only: it reads the future.
 */
public final class PlanPolicy implements DeadlinePolicy {
  private final Plan plan;
  private final MarketOffers offers;
  private final Instant start;
  private final Duration gap;

  public PlanPolicy(Plan plan, Market market, int startTick) {
    this(plan, MarketOffers.none(market), startTick);
  }

  public PlanPolicy(Plan plan, MarketOffers offers, int startTick) {
    this.plan = plan;
    this.offers = offers;
    this.start = offers.market().time(startTick);
    this.gap = Duration.ofSeconds(offers.market().gapSeconds());
  }

  @Override
  public String name() {
    return "omniscient";
  }

  @Override
  public Decision decide(DecisionInput in) {
    Market market = offers.market();
    int t = (int) (Duration.between(start, in.now()).toSeconds() / gap.toSeconds());
    int action = t < plan.actions().length ? plan.actions()[t] : SampleResult.IDLE;
    if (action == SampleResult.IDLE) {
      return new Decision.Wait("omniscient plan: idle");
    }
    if (action == SampleResult.ON_DEMAND) {
      return new Decision.RunOnDemand(
          market.locations().get(market.cheapestOnDemand()), "omniscient plan: on-demand");
    }
    if (SampleResult.blockOf(action) >= 0) {
      return new Decision.RunReserved(
          offers.blocks().get(SampleResult.blockOf(action)).id(), "omniscient plan: block");
    }
    if (SampleResult.flexOf(action) >= 0) {
      return new Decision.RunFlex(
          offers.flex().get(SampleResult.flexOf(action)).id(), "omniscient plan: flex-start");
    }
    return new Decision.RunSpot(market.locations().get(action), "omniscient plan: spot");
  }
}
