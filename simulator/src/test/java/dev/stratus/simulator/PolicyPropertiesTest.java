package dev.stratus.simulator;

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
import java.time.Duration;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Over random traces (one to three zones, runs of random lengths) and random feasible jobs: the
 * Safety Net keeps every online policy within its deadline, and the omniscient plan costs no more
 * than any of them, its cost equal to the engine's replay of it.
 */
class PolicyPropertiesTest {
  record Case(Market market, JobSpec job) {}

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<Integer> zones = Arbitraries.integers().between(1, 3);
    Arbitrary<Integer> workTicks = Arbitraries.integers().between(1, 30);
    Arbitrary<Integer> slackTicks = Arbitraries.integers().between(0, 18);
    Arbitrary<Integer> changeover = Arbitraries.of(0, 300, 600, 720, 900);
    Arbitrary<Long> seed = Arbitraries.longs();
    return Combinators.combine(zones, workTicks, slackTicks, changeover, seed)
        .as(PolicyPropertiesTest::build);
  }

  private static Case build(int zones, int workTicks, int slackTicks, int changeover, long seed) {
    var random = new Random(seed);
    int changeoverTicks = (changeover + 599) / 600;
    int ticks = workTicks + changeoverTicks + slackTicks;
    String[] patterns = new String[zones];
    double[] prices = new double[zones];
    for (int l = 0; l < zones; l++) {
      var p = new StringBuilder();
      boolean up = random.nextBoolean();
      double flip = 0.05 + random.nextDouble() * 0.6;
      for (int i = 0; i < ticks; i++) {
        p.append(up ? '1' : '0');
        up = random.nextDouble() < flip ? !up : up;
      }
      patterns[l] = p.toString();
      prices[l] = 0.5 + random.nextDouble() * 2;
    }
    Market m = Markets.zones(prices, 3, patterns);
    JobSpec job =
        new JobSpec(
            Duration.ofSeconds(workTicks * 600L),
            Duration.ofSeconds(ticks * 600L),
            Duration.ofSeconds(changeover));
    return new Case(m, job);
  }

  @Property(tries = 300)
  void noOnlinePolicyMissesADeadlineOnDemandCouldMeet(@ForAll("cases") Case c) {
    var engine = new TickEngine(c.market(), new MarketHistory(c.market()));
    for (String p : List.of("greedy", "uniform-progress", "stratus")) {
      SampleResult r = engine.run(Policies.online(p), c.job(), 0);
      assertThat(r.missed()).as(p).isFalse();
    }
  }

  @Property(tries = 300)
  void theOmniscientPlanCostsNoMoreThanAnyOnlinePolicy(@ForAll("cases") Case c) {
    var engine = new TickEngine(c.market(), new MarketHistory(c.market()));
    var plan = new OmniscientPlanner(c.market(), c.job()).plan(0);
    SampleResult best = engine.run(new PlanPolicy(plan, c.market(), 0), c.job(), 0);
    assertThat(best.missed()).isFalse();
    assertThat(best.costUsd()).isCloseTo(plan.costUsd(), within(1e-9));
    for (String p : List.of("greedy", "uniform-progress", "stratus")) {
      SampleResult r = engine.run(Policies.online(p), c.job(), 0);
      assertThat(r.costUsd()).as(p).isGreaterThanOrEqualTo(best.costUsd() - 1e-9);
    }
  }
}
