package dev.stratus.simulator.offers;

/**
 * How many instances of each block the jobs of a run hold at each tick. Jobs that share a ledger
 * share the blocks; a job with a ledger of its own has them to itself.
 */
public final class BlockLedger {
  private final MarketOffers offers;
  private final int[][] held;

  public BlockLedger(MarketOffers offers) {
    this.offers = offers;
    this.held = new int[offers.blocks().size()][offers.market().ticks() + 1];
  }

  /** Whether {@code gang} more instances fit on block {@code b} at {@code tick}. */
  public boolean room(int b, int tick, int gang) {
    return offers.blocks().get(b).instances() - held[b][tick] >= gang;
  }

  public void hold(int b, int tick, int gang) {
    held[b][tick] += gang;
  }

  public void release(int b, int tick, int gang) {
    held[b][tick] -= gang;
  }

  /** Instance-hours held on block {@code b} over the ticks it is usable. */
  public double heldHours(int b) {
    return sum(b, false);
  }

  /** Instance-hours of block {@code b} nobody held over the ticks it is usable (never below 0). */
  public double idleHours(int b) {
    return sum(b, true);
  }

  private double sum(int b, boolean idle) {
    double hours = offers.market().gapSeconds() / 3600.0;
    int n = offers.blocks().get(b).instances();
    double total = 0;
    for (int t = 0; t < offers.market().ticks(); t++) {
      if (offers.blockUsable(b, t) || (held[b][t] > 0 && !idle)) {
        total += (idle ? Math.max(0, n - held[b][t]) : held[b][t]) * hours;
      }
    }
    return total;
  }

  /** Adds another ledger's holdings (jobs that each had the blocks to themselves). */
  public void add(BlockLedger other) {
    for (int b = 0; b < held.length; b++) {
      for (int t = 0; t < held[b].length; t++) {
        held[b][t] += other.held[b][t];
      }
    }
  }
}
