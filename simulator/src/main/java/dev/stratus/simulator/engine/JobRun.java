package dev.stratus.simulator.engine;

import dev.stratus.api.model.CapacityType;
import dev.stratus.policy.BlockView;
import dev.stratus.policy.DeadlineJob;
import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.policy.Decision;
import dev.stratus.policy.DecisionInput;
import dev.stratus.policy.FlexView;
import dev.stratus.policy.LocationView;
import dev.stratus.policy.Observation;
import dev.stratus.policy.Placement;
import dev.stratus.simulator.offers.BlockLedger;
import dev.stratus.simulator.offers.MarketOffers;
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
 * One job's replay, a tick at a time (see {@link TickEngine} for the accounting). Besides spot and
 * on-demand: a block runs in a tick only if the tick lies wholly in its window and the job holds,
 * or finds room for, its gang there (first come, first served: a job keeps what it holds); a flex
 * request waits, the job idle, until its grant tick, then the granted instance runs until the job
 * leaves it or its maximum run is over. Any decision but that flex offer withdraws a request.
 */
final class JobRun {
  private enum Kind {
    SPOT,
    ON_DEMAND,
    BLOCK,
    FLEX
  }

  private record Running(Kind kind, int index, Instant since, int grant) {
    boolean same(Running o) {
      return o != null && o.kind == kind && o.index == index;
    }
  }

  private record Pending(int offer, Instant at, int grant) {}

  private final Market market;
  private final MarketOffers offers;
  private final MarketHistory history;
  private final DeadlinePolicy policy;
  private final JobSpec job;
  private final int startTick;
  private final Instant start;
  private final Instant deadline;
  private final Duration interval;
  private final int[] timeline;
  private final double work;
  private double done;
  private double changeoverLeft;
  private final double[] hours = new double[Kind.values().length];
  private double cost;
  private double flexCost;
  private Running current;
  private Pending pending;
  private int claimedTick = -1;

  JobRun(MarketOffers offers, MarketHistory history, DeadlinePolicy policy, JobSpec job, int at) {
    this.market = offers.market();
    this.offers = offers;
    this.history = history;
    this.policy = policy;
    this.job = job;
    this.startTick = at;
    this.start = market.time(at);
    this.deadline = start.plus(job.deadline());
    this.interval = Duration.ofSeconds(market.gapSeconds());
    this.timeline = new int[job.ticks(market.gapSeconds())];
    Arrays.fill(timeline, SampleResult.IDLE);
    this.work = job.workSeconds();
  }

  int startTick() {
    return startTick;
  }

  int endTick() {
    return startTick + timeline.length;
  }

  boolean finished() {
    return work - done <= 1e-6;
  }

  boolean onBlock() {
    return current != null && current.kind == Kind.BLOCK;
  }

  /**
   * Before any job of a shared run plays {@code tick}: a job on a block that is still usable then
   * holds its instances there, so no job deciding before it can take them.
   */
  void claim(int tick, BlockLedger ledger) {
    if (onBlock()
        && !finished()
        && tick >= startTick
        && tick < endTick()
        && offers.blockUsable(current.index, tick)) {
      ledger.hold(current.index, tick, offers.gang());
      claimedTick = tick;
    }
  }

  private boolean claimed(int tick, int block) {
    return claimedTick == tick && onBlock() && current.index == block;
  }

  /** Plays absolute tick {@code tick}; the blocks' holdings go to {@code ledger}. */
  void step(int tick, BlockLedger ledger) {
    if (finished() || tick < startTick || tick >= endTick()) {
      return;
    }
    Instant now = market.time(tick);
    if (current != null && !stillRuns(current, tick)) {
      current = null;
    }
    if (pending != null && pending.grant() <= tick) {
      current = new Running(Kind.FLEX, pending.offer(), now, tick);
      changeoverLeft = job.changeoverSeconds();
      pending = null;
    }
    Decision decision = policy.decide(input(now, tick, ledger));
    int held = claimedTick == tick && onBlock() ? current.index : -1;
    Running next = apply(decision, tick, now, ledger);
    if (held >= 0 && !(next != null && next.kind == Kind.BLOCK && next.index == held)) {
      ledger.release(held, tick, offers.gang());
      claimedTick = -1;
    }
    if (next != null && !next.same(current)) {
      changeoverLeft = job.changeoverSeconds();
    } else if (next != null) {
      next = current;
    }
    current = next;
    int t = tick - startTick;
    if (current == null) {
      timeline[t] = pending == null ? SampleResult.IDLE : SampleResult.flexQueued(pending.offer());
      return;
    }
    account(tick, t, ledger);
  }

  private boolean stillRuns(Running r, int tick) {
    return switch (r.kind) {
      case SPOT -> market.available()[r.index][tick];
      case ON_DEMAND -> true;
      case BLOCK -> offers.blockUsable(r.index, tick);
      case FLEX -> tick < r.grant + offers.flex().get(r.index).maxRunTicks();
    };
  }

  private void account(int tick, int t, BlockLedger ledger) {
    long gap = market.gapSeconds();
    double overhead = Math.min(gap, changeoverLeft);
    changeoverLeft -= overhead;
    double progress = Math.min(gap - overhead, work - done);
    done += progress;
    double billed = work - done <= 1e-6 ? overhead + progress : gap;
    hours[current.kind.ordinal()] += progress / 3600;
    switch (current.kind) {
      case SPOT -> {
        cost += market.spotPrice()[current.index][tick] * billed / 3600;
        timeline[t] = current.index;
      }
      case ON_DEMAND -> {
        cost += market.onDemandPrice()[current.index] * billed / 3600;
        timeline[t] = SampleResult.ON_DEMAND;
      }
      case BLOCK -> {
        if (!claimed(tick, current.index)) {
          ledger.hold(current.index, tick, offers.gang());
        }
        timeline[t] = SampleResult.block(current.index);
      }
      case FLEX -> {
        double usd = offers.flex().get(current.index).price() * billed / 3600;
        cost += usd;
        flexCost += usd;
        timeline[t] = SampleResult.flex(current.index);
      }
    }
  }

  /** The instance the decision asks for; what is not there now means nothing. */
  private Running apply(Decision decision, int tick, Instant now, BlockLedger ledger) {
    Pending asked = pending;
    pending = null;
    if (decision instanceof Decision.RunSpot s) {
      int l = locationOf(s.location());
      return market.available()[l][tick] ? new Running(Kind.SPOT, l, now, tick) : null;
    }
    if (decision instanceof Decision.RunOnDemand o) {
      return new Running(Kind.ON_DEMAND, locationOf(o.location()), now, tick);
    }
    if (decision instanceof Decision.RunReserved r) {
      int b = blockOf(r.block());
      boolean mine = current != null && current.kind == Kind.BLOCK && current.index == b;
      return offers.blockUsable(b, tick) && (mine || ledger.room(b, tick, offers.gang()))
          ? new Running(Kind.BLOCK, b, now, tick)
          : null;
    }
    if (decision instanceof Decision.RunFlex f) {
      int offer = flexOf(f.offer());
      if (current != null && current.kind == Kind.FLEX && current.index == offer) {
        return current;
      }
      pending = asked != null && asked.offer() == offer ? asked : request(offer, tick, now);
      if (pending.grant() <= tick) {
        pending = null;
        return new Running(Kind.FLEX, offer, now, tick);
      }
    }
    return null;
  }

  private Pending request(int offer, int tick, Instant now) {
    return new Pending(offer, now, offers.flex().get(offer).grant(tick));
  }

  private DecisionInput input(Instant now, int tick, BlockLedger ledger) {
    var jobNow =
        new DeadlineJob(
            start,
            deadline,
            job.work(),
            Duration.ofMillis(Math.round((work - done) * 1000)),
            job.changeover());
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
    List<BlockView> blocks = new ArrayList<>();
    for (int b = 0; b < offers.blocks().size(); b++) {
      var block = offers.blocks().get(b);
      boolean mine = onBlock() && current.index == b;
      boolean room = offers.blockUsable(b, tick) && (mine || ledger.room(b, tick, offers.gang()));
      blocks.add(new BlockView(block.id(), block.start(), block.end(), room));
    }
    List<FlexView> flex = new ArrayList<>();
    for (int f = 0; f < offers.flex().size(); f++) {
      var offer = offers.flex().get(f);
      Optional<Instant> asked =
          pending != null && pending.offer() == f ? Optional.of(pending.at()) : Optional.empty();
      flex.add(new FlexView(offer.id(), offer.price(), offer.maxRun(), offer.queue(), asked));
    }
    return new DecisionInput(now, interval, jobNow, placement(), views, blocks, flex);
  }

  private Optional<Placement> placement() {
    if (current == null) {
      return Optional.empty();
    }
    return Optional.of(
        switch (current.kind) {
          case SPOT -> new Placement(name(current.index), CapacityType.SPOT, current.since);
          case ON_DEMAND ->
              new Placement(name(current.index), CapacityType.ON_DEMAND, current.since);
          case BLOCK ->
              new Placement(
                  offers.blocks().get(current.index).id(), CapacityType.RESERVED, current.since);
          case FLEX ->
              new Placement(
                  offers.flex().get(current.index).id(), CapacityType.FLEX, current.since);
        });
  }

  private String name(int location) {
    return market.locations().get(location);
  }

  private int locationOf(String id) {
    int l = market.locations().indexOf(id);
    if (l < 0) {
      throw new IllegalStateException("the policy chose " + id + ", which is not in the market");
    }
    return l;
  }

  private int blockOf(String id) {
    for (int b = 0; b < offers.blocks().size(); b++) {
      if (offers.blocks().get(b).id().equals(id)) {
        return b;
      }
    }
    throw new IllegalStateException("the policy chose block " + id + ", which is not offered");
  }

  private int flexOf(String id) {
    for (int f = 0; f < offers.flex().size(); f++) {
      if (offers.flex().get(f).id().equals(id)) {
        return f;
      }
    }
    throw new IllegalStateException("the policy chose flex " + id + ", which is not offered");
  }

  SampleResult result() {
    return new SampleResult(
        hours[Kind.SPOT.ordinal()],
        hours[Kind.ON_DEMAND.ordinal()],
        cost,
        !finished(),
        timeline,
        hours[Kind.BLOCK.ordinal()],
        hours[Kind.FLEX.ordinal()],
        flexCost);
  }
}
