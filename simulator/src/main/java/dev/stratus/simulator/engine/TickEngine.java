package dev.stratus.simulator.engine;

import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.simulator.offers.BlockLedger;
import dev.stratus.simulator.offers.MarketOffers;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import java.util.Comparator;
import java.util.List;

/**
 * Replays jobs on a market with Can't Be Late's accounting. One tick is the trace's probe interval.
 * At each tick the policy sees the clock, the job, where it runs and every location's availability
 * up to now (and the blocks and flex offers, if any), and picks spot at a location, on-demand, a
 * block, flex-start, or nothing. Spot runs at a tick only if available there then; a spot instance
 * whose location turns unavailable is reclaimed. Every new instance (a move, a switch, a relaunch
 * after a reclaim, a flex grant) pays the changeover first: billed, no progress. Instances are
 * billed by the tick, the last one only until the work is done; blocks are prepaid (nothing billed
 * per tick).
 */
public final class TickEngine {
  private final MarketOffers offers;
  private final MarketHistory history;

  public TickEngine(Market market, MarketHistory history) {
    this(MarketOffers.none(market), history);
  }

  public TickEngine(MarketOffers offers, MarketHistory history) {
    this.offers = offers;
    this.history = history;
  }

  public MarketOffers offers() {
    return offers;
  }

  /** One job alone: the blocks are its own. */
  public SampleResult run(DeadlinePolicy policy, JobSpec job, int startTick) {
    return run(policy, job, startTick, new BlockLedger(offers));
  }

  /** One job, holding blocks in {@code ledger}. */
  public SampleResult run(DeadlinePolicy policy, JobSpec job, int startTick, BlockLedger ledger) {
    JobRun run = new JobRun(offers, history, policy, job, startTick);
    for (int tick = run.startTick(); tick < run.endTick() && !run.finished(); tick++) {
      run.step(tick, ledger);
    }
    return run.result();
  }

  /**
   * Jobs that share the blocks (one per start tick, each with its own policy answer), played tick
   * by tick together: at each tick the jobs on a block first claim their instances there for the
   * tick (a job keeps what it holds; what it leaves is free again), then every job decides in order
   * of its start, first come first served. Results in {@code starts}'s order.
   */
  public List<SampleResult> runTogether(
      DeadlinePolicy policy, JobSpec job, List<Integer> starts, BlockLedger ledger) {
    List<JobRun> runs =
        starts.stream().map(s -> new JobRun(offers, history, policy, job, s)).toList();
    List<JobRun> order = runs.stream().sorted(Comparator.comparingInt(JobRun::startTick)).toList();
    int from = order.isEmpty() ? 0 : order.get(0).startTick();
    int to = runs.stream().mapToInt(JobRun::endTick).max().orElse(0);
    for (int tick = from; tick < to; tick++) {
      for (JobRun r : order) {
        r.claim(tick, ledger);
      }
      for (JobRun r : order) {
        r.step(tick, ledger);
      }
    }
    return runs.stream().map(JobRun::result).toList();
  }
}
