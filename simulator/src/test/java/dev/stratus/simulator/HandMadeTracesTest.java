package dev.stratus.simulator;

import static dev.stratus.simulator.Markets.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.stratus.simulator.engine.MarketHistory;
import dev.stratus.simulator.engine.Policies;
import dev.stratus.simulator.engine.TickEngine;
import dev.stratus.simulator.omniscient.OmniscientPlanner;
import dev.stratus.simulator.omniscient.PlanPolicy;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A 4 h job, changeover 0.2 h, spot $1/h, on-demand $3/h, on traces whose optimum is known by hand.
 * Hours are work hours; cost includes the changeovers.
 */
class HandMadeTracesTest {
  private static final List<String> ONLINE = List.of("greedy", "uniform-progress", "stratus");

  private static SampleResult omniscient(Market m, JobSpec job) {
    var plan = new OmniscientPlanner(m, job).plan(0);
    var replay = new TickEngine(m, new MarketHistory(m)).run(new PlanPolicy(plan, m, 0), job, 0);
    assertThat(replay.costUsd()).isCloseTo(plan.costUsd(), within(1e-9));
    return replay;
  }

  private static SampleResult online(String policy, Market m, JobSpec job) {
    return new TickEngine(m, new MarketHistory(m)).run(Policies.online(policy), job, 0);
  }

  @Test
  void alwaysAvailableSpotRunsTheWholeJobOnOneSpotInstance() {
    Market m = Markets.oneZone(repeat('1', 36));
    JobSpec job = JobSpec.ofHours(4, 6, 0.2);
    assertThat(omniscient(m, job).costUsd()).isCloseTo(4.2, within(1e-9));
    for (String p : ONLINE) {
      SampleResult r = online(p, m, job);
      assertThat(r.spotHours()).as(p).isCloseTo(4, within(1e-9));
      assertThat(r.costUsd()).as(p).isCloseTo(4.2, within(1e-9));
    }
  }

  @Test
  void neverAvailableSpotRunsTheWholeJobOnDemandInTime() {
    Market m = Markets.oneZone(repeat('0', 36));
    JobSpec job = JobSpec.ofHours(4, 6, 0.2);
    assertThat(omniscient(m, job).costUsd()).isCloseTo(12.6, within(1e-9));
    for (String p : ONLINE) {
      SampleResult r = online(p, m, job);
      assertThat(r.missed()).as(p).isFalse();
      assertThat(r.onDemandHours()).as(p).isCloseTo(4, within(1e-9));
      assertThat(r.costUsd()).as(p).isCloseTo(12.6, within(1e-9));
    }
  }

  @Test
  void oneGapIsBestWaitedOutAndGreedyDoesExactlyThat() {
    // Spot gone for ticks 6..11 (1 h); 2 h of slack: waiting costs one more changeover.
    Market m = Markets.oneZone(repeat('1', 6) + repeat('0', 6) + repeat('1', 24));
    JobSpec job = JobSpec.ofHours(4, 6, 0.2);
    SampleResult best = omniscient(m, job);
    assertThat(best.costUsd()).isCloseTo(4.4, within(1e-9));
    assertThat(best.spotHours()).isCloseTo(4, within(1e-9));
    assertThat(online("greedy", m, job).costUsd()).isCloseTo(4.4, within(1e-9));
    for (String p : ONLINE) {
      SampleResult r = online(p, m, job);
      assertThat(r.missed()).as(p).isFalse();
      assertThat(r.costUsd()).as(p).isGreaterThanOrEqualTo(best.costUsd() - 1e-9);
    }
  }

  @Test
  void aGapAtTheDeadlinesEdgeSendsEveryPolicyOnDemandInsteadOfWaitingForSpot() {
    // 4 h of work by 5 h (30 ticks). Spot for 24 ticks (3.8 h of work after the changeover),
    // then gone; it returns at tick 28, too late: 0.2 h of work + 0.2 h changeover need 3 ticks.
    // Every policy must finish on on-demand: 4 h of spot billed + 0.4 h on-demand = $5.20.
    Market m = Markets.oneZone(repeat('1', 24) + repeat('0', 4) + repeat('1', 2));
    JobSpec job = JobSpec.ofHours(4, 5, 0.2);
    SampleResult best = omniscient(m, job);
    assertThat(best.costUsd()).isCloseTo(5.2, within(1e-9));
    for (String p : ONLINE) {
      SampleResult r = online(p, m, job);
      assertThat(r.missed()).as(p).isFalse();
      assertThat(r.spotHours()).as(p).isCloseTo(3.8, within(1e-9));
      assertThat(r.onDemandHours()).as(p).isCloseTo(0.2, within(1e-9));
      assertThat(r.costUsd()).as(p).isCloseTo(5.2, within(1e-9));
    }
  }

  @Test
  void withHalfAnHourOfSlackTheSafetyNetStartsOnDemandWhereTheOptimumGambles() {
    // 0.5 h of slack does not fit two changeovers, so the paper's rule starts on on-demand; the
    // omniscient plan knows spot lasts 21 ticks and uses it.
    Market m = Markets.oneZone(repeat('1', 21) + repeat('0', 6));
    JobSpec job = JobSpec.ofHours(4, 4.5, 0.2);
    assertThat(omniscient(m, job).costUsd()).isCloseTo(3.5 + 0.9 * 3, within(1e-9));
    for (String p : ONLINE) {
      SampleResult r = online(p, m, job);
      assertThat(r.missed()).as(p).isFalse();
      assertThat(r.costUsd()).as(p).isCloseTo(4.2 * 3, within(1e-9));
    }
  }

  @Test
  void acrossZonesTheOmniscientPlanMovesToTheCheaperZoneAndPaysOneChangeoverPerMove() {
    // z0 ($1) for the first hour only, z1 ($2) always: best is z0 then one move to z1.
    Market m =
        Markets.zones(new double[] {1, 2}, 3, repeat('1', 6) + repeat('0', 30), repeat('1', 36));
    JobSpec job = JobSpec.ofHours(4, 6, 0.2);
    SampleResult best = omniscient(m, job);
    // z0: 1 h billed (0.8 h work); z1: 0.2 h changeover + 3.2 h work at $2.
    assertThat(best.costUsd()).isCloseTo(1 + 3.4 * 2, within(1e-9));
    assertThat(Arrays.copyOfRange(best.timeline(), 0, 6)).containsOnly(0);
    assertThat(best.timeline()).contains(1).doesNotContain(SampleResult.ON_DEMAND);
  }
}
