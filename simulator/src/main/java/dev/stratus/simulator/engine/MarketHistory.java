package dev.stratus.simulator.engine;

import dev.stratus.policy.AvailabilityHistory;
import dev.stratus.simulator.trace.Market;

/**
 * What the controller would have observed of each location by each tick: the availability history
 * up to and including that tick, as O(1) snapshots of one history per location.
 */
public final class MarketHistory {
  private final AvailabilityHistory[][] at;

  public MarketHistory(Market market) {
    at = new AvailabilityHistory[market.locations().size()][market.ticks()];
    for (int l = 0; l < at.length; l++) {
      var builder = AvailabilityHistory.builder();
      for (int i = 0; i < market.ticks(); i++) {
        builder.observe(market.time(i), market.available()[l][i]);
        at[l][i] = builder.snapshot();
      }
    }
  }

  public AvailabilityHistory at(int location, int tick) {
    return at[location][tick];
  }
}
