package dev.stratus.simulator.engine;

import dev.stratus.api.model.CapacityType;
import dev.stratus.policy.DeadlineJob;
import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.policy.Decision;
import dev.stratus.policy.DecisionInput;
import dev.stratus.policy.LocationView;
import dev.stratus.policy.Observation;
import dev.stratus.policy.Placement;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Replays one job on a market with Can't Be Late's accounting. One tick is the trace's probe
 * interval. At each tick the policy sees the clock, the job, where it runs and every location's
 * availability up to now, and picks spot at a location, on-demand, or nothing. Spot runs at a tick
 * only if available there then; a spot instance whose location turns unavailable is reclaimed.
 * Every new instance (a move, a switch, a relaunch after a reclaim) pays the changeover first:
 * billed, no progress. Instances are billed by the tick, the last one only until the work is done.
 */
public final class TickEngine {
  private final Market market;
  private final MarketHistory history;
  private final Duration interval;

  public TickEngine(Market market, MarketHistory history) {
    this.market = market;
    this.history = history;
    this.interval = Duration.ofSeconds(market.gapSeconds());
  }

  public SampleResult run(DeadlinePolicy policy, JobSpec job, int startTick) {
    long gap = market.gapSeconds();
    int ticks = job.ticks(gap);
    double work = job.workSeconds();
    double changeover = job.changeoverSeconds();
    Instant start = market.time(startTick);
    Instant deadline = start.plus(job.deadline());
    int[] timeline = new int[ticks];
    Arrays.fill(timeline, SampleResult.IDLE);
    double done = 0;
    double changeoverLeft = 0;
    double spotWork = 0;
    double onDemandWork = 0;
    double cost = 0;
    Running current = null;
    for (int t = 0; t < ticks && work - done > 1e-6; t++) {
      int tick = startTick + t;
      Instant now = market.time(tick);
      if (current != null && current.spot && !market.available()[current.location][tick]) {
        current = null;
      }
      var jobNow =
          new DeadlineJob(
              start,
              deadline,
              job.work(),
              Duration.ofMillis(Math.round((work - done) * 1000)),
              job.changeover());
      Decision decision = policy.decide(input(now, jobNow, current, tick));
      Running next = apply(decision, tick);
      if (next != null && !next.sameInstanceAs(current)) {
        next = next.launchedAt(now);
        changeoverLeft = changeover;
      } else if (next != null) {
        next = current;
      }
      current = next;
      if (current == null) {
        continue;
      }
      double overhead = Math.min(gap, changeoverLeft);
      changeoverLeft -= overhead;
      double progress = Math.min(gap - overhead, work - done);
      done += progress;
      double billed = work - done <= 1e-6 ? overhead + progress : gap;
      if (current.spot) {
        cost += market.spotPrice()[current.location][tick] * billed / 3600;
        spotWork += progress;
        timeline[t] = current.location;
      } else {
        cost += market.onDemandPrice()[current.location] * billed / 3600;
        onDemandWork += progress;
        timeline[t] = SampleResult.ON_DEMAND;
      }
    }
    return new SampleResult(
        spotWork / 3600, onDemandWork / 3600, cost, work - done > 1e-6, timeline);
  }

  private DecisionInput input(Instant now, DeadlineJob job, Running current, int tick) {
    List<LocationView> views = new ArrayList<>(market.locations().size());
    for (int l = 0; l < market.locations().size(); l++) {
      views.add(
          new LocationView(
              market.locations().get(l),
              market.spotPrice()[l][tick],
              market.onDemandPrice()[l],
              market.available()[l][tick] ? Observation.AVAILABLE : Observation.UNAVAILABLE,
              history.at(l, tick)));
    }
    Optional<Placement> running =
        Optional.ofNullable(current)
            .map(
                r ->
                    new Placement(
                        market.locations().get(r.location),
                        r.spot ? CapacityType.SPOT : CapacityType.ON_DEMAND,
                        r.since));
    return new DecisionInput(now, interval, job, running, views);
  }

  /** The instance the decision asks for; spot where none is available means nothing. */
  private Running apply(Decision decision, int tick) {
    if (decision instanceof Decision.RunSpot s) {
      int l = locationOf(s.location());
      return market.available()[l][tick] ? new Running(l, true, null) : null;
    }
    if (decision instanceof Decision.RunOnDemand o) {
      return new Running(locationOf(o.location()), false, null);
    }
    return null;
  }

  private int locationOf(String id) {
    int l = market.locations().indexOf(id);
    if (l < 0) {
      throw new IllegalStateException("the policy chose " + id + ", which is not in the market");
    }
    return l;
  }

  private record Running(int location, boolean spot, Instant since) {
    boolean sameInstanceAs(Running other) {
      return other != null && other.location == location && other.spot == spot;
    }

    Running launchedAt(Instant at) {
      return new Running(location, spot, at);
    }
  }
}
