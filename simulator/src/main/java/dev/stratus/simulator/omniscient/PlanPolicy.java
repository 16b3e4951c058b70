package dev.stratus.simulator.omniscient;

import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.policy.Decision;
import dev.stratus.policy.DecisionInput;
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
  private final Market market;
  private final Instant start;
  private final Duration gap;

  public PlanPolicy(Plan plan, Market market, int startTick) {
    this.plan = plan;
    this.market = market;
    this.start = market.time(startTick);
    this.gap = Duration.ofSeconds(market.gapSeconds());
  }

  @Override
  public String name() {
    return "omniscient";
  }

  @Override
  public Decision decide(DecisionInput in) {
    int t = (int) (Duration.between(start, in.now()).toSeconds() / gap.toSeconds());
    int action = t < plan.actions().length ? plan.actions()[t] : SampleResult.IDLE;
    if (action == SampleResult.IDLE) {
      return new Decision.Wait("omniscient plan: idle");
    }
    if (action == SampleResult.ON_DEMAND) {
      return new Decision.RunOnDemand(
          market.locations().get(market.cheapestOnDemand()), "omniscient plan: on-demand");
    }
    return new Decision.RunSpot(market.locations().get(action), "omniscient plan: spot");
  }
}
