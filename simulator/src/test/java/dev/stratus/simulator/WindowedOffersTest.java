package dev.stratus.simulator;

import static dev.stratus.simulator.Markets.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.stratus.policy.QueueTime;
import dev.stratus.simulator.engine.MarketHistory;
import dev.stratus.simulator.engine.Policies;
import dev.stratus.simulator.engine.TickEngine;
import dev.stratus.simulator.offers.MarketOffers;
import dev.stratus.simulator.omniscient.OmniscientPlanner;
import dev.stratus.simulator.omniscient.PlanPolicy;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A 4 h job due in 6 h, changeover 0.2 h, on one zone whose spot never comes ($1/h spot, $3/h
 * on-demand: all on-demand costs 4.2 h x $3 = $12.60), with reserved blocks and flex offers whose
 * answers are known by hand.
 */
class WindowedOffersTest {
  private static final List<String> ONLINE = List.of("greedy", "uniform-progress", "stratus");
  private static final Market NO_SPOT = Markets.oneZone(repeat('0', 48));
  private static final JobSpec JOB = JobSpec.ofHours(4, 6, 0.2);

  static MarketOffers.Block block(Market m, double fromHour, double toHour) {
    return new MarketOffers.Block(
        "b",
        m.start().plusSeconds((long) (fromHour * 3600)),
        m.start().plusSeconds((long) (toHour * 3600)),
        1,
        100);
  }

  /** A flex offer whose request at any tick is granted {@code queueTicks} later. */
  static MarketOffers.Flex flex(Market m, double price, int queueTicks, double... believedHours) {
    int[] grant = IntStream.range(0, m.ticks()).map(t -> t + queueTicks).toArray();
    return new MarketOffers.Flex(
        "f", price, Duration.ofHours(24), 144, QueueTime.ofHours(believedHours), grant);
  }

  static SampleResult online(String policy, MarketOffers o) {
    return new TickEngine(o, new MarketHistory(o.market())).run(Policies.online(policy), JOB, 0);
  }

  static SampleResult omniscient(MarketOffers o) {
    var plan = new OmniscientPlanner(o, JOB).plan(0);
    var engine = new TickEngine(o, new MarketHistory(o.market()));
    SampleResult r = engine.run(new PlanPolicy(plan, o, 0), JOB, 0);
    assertThat(r.costUsd()).isCloseTo(plan.costUsd(), within(1e-9));
    assertThat(r.missed()).isFalse();
    return r;
  }

  @Test
  void aJobThatFitsTheBlockRunsOnItForNothing() {
    var o = new MarketOffers(NO_SPOT, List.of(block(NO_SPOT, 0, 8)), List.of(), 1);
    assertThat(omniscient(o).costUsd()).isZero();
    for (String p : ONLINE) {
      SampleResult r = online(p, o);
      assertThat(r.missed()).as(p).isFalse();
      assertThat(r.blockHours()).as(p).isCloseTo(4, within(1e-9));
      assertThat(r.costUsd()).as(p).isZero();
    }
  }

  @Test
  void aJobThatDoesNotFitAShortBlockLeavesItAlone() {
    // The block ends after 1 h: less the one-tick margin and a changeover, 38 min of progress,
    // under the hour a partial stay must give. The omniscient plan still takes those minutes.
    var o = new MarketOffers(NO_SPOT, List.of(block(NO_SPOT, 0, 1)), List.of(), 1);
    SampleResult best = omniscient(o);
    assertThat(best.costUsd()).isCloseTo(3.4 * 3, within(1e-9));
    for (String p : ONLINE) {
      SampleResult r = online(p, o);
      assertThat(r.missed()).as(p).isFalse();
      assertThat(r.blockHours()).as(p).isZero();
      assertThat(r.costUsd()).as(p).isCloseTo(12.6, within(1e-9));
    }
  }

  @Test
  void aJobOnABlockThatEndsFirstMovesBeforeItsEndAndMeetsTheDeadline() {
    // Block for the first 3 h: on it from tick 0, off it one tick before its end (tick 17), the
    // rest on on-demand: 16 ticks of progress = 2.8 h less the changeover... checked exactly.
    var o = new MarketOffers(NO_SPOT, List.of(block(NO_SPOT, 0, 3)), List.of(), 1);
    for (String p : ONLINE) {
      SampleResult r = online(p, o);
      assertThat(r.missed()).as(p).isFalse();
      int[] line = r.timeline();
      for (int t = 17; t < line.length; t++) {
        assertThat(SampleResult.blockOf(line[t])).as(p + " tick " + t).isEqualTo(-1);
      }
      // 17 ticks on the block: 2 h 50 min less 12 min of changeover.
      assertThat(r.blockHours()).as(p).isCloseTo(17 / 6.0 - 0.2, within(1e-9));
      assertThat(r.onDemandHours()).as(p).isCloseTo(4 - (17 / 6.0 - 0.2), within(1e-9));
    }
    assertThat(omniscient(o).costUsd()).isLessThanOrEqualTo(online("stratus", o).costUsd());
  }

  @Test
  void aJobWaitsForABlockThatOpensSoonAndFitsIt() {
    var o = new MarketOffers(NO_SPOT, List.of(block(NO_SPOT, 1, 8)), List.of(), 1);
    for (String p : ONLINE) {
      SampleResult r = online(p, o);
      assertThat(r.missed()).as(p).isFalse();
      assertThat(r.costUsd()).as(p).isZero();
      assertThat(r.timeline()[6]).as(p).isEqualTo(SampleResult.block(0));
    }
  }

  @Test
  void aFlexGrantedInTimeRunsTheJobAtItsPrice() {
    var o = new MarketOffers(NO_SPOT, List.of(), List.of(flex(NO_SPOT, 0.5, 2, 0.2, 0.4)), 1);
    assertThat(omniscient(o).costUsd()).isCloseTo(4.2 * 0.5, within(1e-9));
    for (String p : ONLINE) {
      SampleResult r = online(p, o);
      assertThat(r.missed()).as(p).isFalse();
      assertThat(r.flexHours()).as(p).isCloseTo(4, within(1e-9));
      assertThat(r.costUsd()).as(p).isCloseTo(2.1, within(1e-9));
      assertThat(r.timeline()[0]).as(p).isEqualTo(SampleResult.flexQueued(0));
      assertThat(r.timeline()[2]).as(p).isEqualTo(SampleResult.flex(0));
    }
  }

  @Test
  void aFlexGrantedTooLateIsWithdrawnAndTheJobStillMeetsItsDeadline() {
    // The queue is believed to be 0.5 h or 30 h; this time it is 30 h. Once 0.5 h has passed
    // without a grant, only 30 h remains possible, so the request is withdrawn; the Safety Net's
    // slack is still there for on-demand.
    var o = new MarketOffers(NO_SPOT, List.of(), List.of(flex(NO_SPOT, 0.5, 180, 0.5, 30)), 1);
    assertThat(omniscient(o).costUsd()).isCloseTo(12.6, within(1e-9));
    for (String p : ONLINE) {
      SampleResult r = online(p, o);
      assertThat(r.missed()).as(p).isFalse();
      assertThat(r.flexHours()).as(p).isZero();
      assertThat(r.timeline()[0]).as(p).isEqualTo(SampleResult.flexQueued(0));
      assertThat(r.costUsd()).as(p).isCloseTo(12.6, within(1e-9));
    }
  }
}
