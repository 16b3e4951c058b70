package dev.stratus.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.stratus.policy.QueueTime;
import dev.stratus.simulator.engine.MarketHistory;
import dev.stratus.simulator.engine.Policies;
import dev.stratus.simulator.engine.TickEngine;
import dev.stratus.simulator.offers.BlockLedger;
import dev.stratus.simulator.offers.MarketOffers;
import dev.stratus.simulator.omniscient.OmniscientPlanner;
import dev.stratus.simulator.omniscient.PlanPolicy;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Over random traces (one to three zones), random reserved blocks (none to two, random windows, one
 * or two instances) and a random flex offer (price, maximum run, and the grants the queue gives,
 * drawn from the queue times the policies are told): no online policy misses a deadline, none ever
 * runs on a block in a tick not wholly inside its window, and the omniscient plan, which knows the
 * same offers and the grants, is never beaten and costs what the engine bills for it.
 */
class WindowedPropertiesTest {
  private static final List<String> ONLINE = List.of("greedy", "uniform-progress", "stratus");

  record Case(MarketOffers offers, JobSpec job) {}

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<Integer> zones = Arbitraries.integers().between(1, 3);
    Arbitrary<Integer> workTicks = Arbitraries.integers().between(1, 30);
    Arbitrary<Integer> slackTicks = Arbitraries.integers().between(0, 18);
    Arbitrary<Integer> changeover = Arbitraries.of(0, 300, 600, 720, 900);
    Arbitrary<Long> seed = Arbitraries.longs();
    return Combinators.combine(zones, workTicks, slackTicks, changeover, seed)
        .as(WindowedPropertiesTest::build);
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
      for (int i = 0; i < ticks + 40; i++) {
        p.append(up ? '1' : '0');
        up = random.nextDouble() < flip ? !up : up;
      }
      patterns[l] = p.toString();
      prices[l] = 0.5 + random.nextDouble() * 2;
    }
    Market m = Markets.zones(prices, 3, patterns);
    List<MarketOffers.Block> blocks = new ArrayList<>();
    for (int b = random.nextInt(3); b > 0; b--) {
      long from = random.nextInt(ticks + 1) * 600L + (random.nextBoolean() ? 0 : 300);
      long to = from + 300 + random.nextInt(ticks + 1) * 600L;
      blocks.add(
          new MarketOffers.Block(
              "b" + b, m.start().plusSeconds(from), m.start().plusSeconds(to), 1 + b % 2, 10));
    }
    List<MarketOffers.Flex> flex = new ArrayList<>();
    if (random.nextBoolean()) {
      double[] believed = new double[1 + random.nextInt(3)];
      for (int i = 0; i < believed.length; i++) {
        believed[i] = random.nextInt(12) / 6.0;
      }
      int[] grant = new int[m.ticks()];
      for (int t = 0; t < grant.length; t++) {
        grant[t] = t + (int) Math.round(believed[random.nextInt(believed.length)] * 6);
      }
      int maxRunTicks = 1 + random.nextInt(ticks + 6);
      flex.add(
          new MarketOffers.Flex(
              "f",
              0.2 + random.nextDouble() * 2,
              Duration.ofSeconds(maxRunTicks * 600L + random.nextInt(600)),
              maxRunTicks,
              QueueTime.ofHours(believed),
              grant));
    }
    JobSpec job =
        new JobSpec(
            Duration.ofSeconds(workTicks * 600L),
            Duration.ofSeconds(ticks * 600L),
            Duration.ofSeconds(changeover));
    return new Case(new MarketOffers(m, blocks, flex, 1), job);
  }

  private static void assertInsideWindows(MarketOffers o, SampleResult r, int start, String who) {
    int[] line = r.timeline();
    for (int t = 0; t < line.length; t++) {
      int b = SampleResult.blockOf(line[t]);
      if (b >= 0) {
        assertThat(o.blockUsable(b, start + t)).as(who + " on block " + b + " at " + t).isTrue();
      }
    }
  }

  @Property(tries = 300)
  void noPolicyMissesADeadlineOrRunsOnABlockPastItsEnd(@ForAll("cases") Case c) {
    var engine = new TickEngine(c.offers(), new MarketHistory(c.offers().market()));
    for (String p : ONLINE) {
      SampleResult r = engine.run(Policies.online(p), c.job(), 0);
      assertThat(r.missed()).as(p).isFalse();
      assertInsideWindows(c.offers(), r, 0, p);
    }
  }

  @Property(tries = 300)
  void theOmniscientPlanKnowingTheSameOffersIsNeverBeaten(@ForAll("cases") Case c) {
    var engine = new TickEngine(c.offers(), new MarketHistory(c.offers().market()));
    for (int start : new int[] {0, 7}) {
      var plan = new OmniscientPlanner(c.offers(), c.job()).plan(start);
      SampleResult best = engine.run(new PlanPolicy(plan, c.offers(), start), c.job(), start);
      assertThat(best.missed()).isFalse();
      assertThat(best.costUsd()).isCloseTo(plan.costUsd(), within(1e-9));
      assertInsideWindows(c.offers(), best, start, "omniscient");
      for (String p : ONLINE) {
        SampleResult r = engine.run(Policies.online(p), c.job(), start);
        assertThat(r.costUsd()).as(p).isGreaterThanOrEqualTo(best.costUsd() - 1e-9);
      }
    }
  }

  @Property(tries = 100)
  void jobsSharingTheBlocksNeverHoldMoreThanTheyHaveAndStillMeetTheirDeadlines(
      @ForAll("cases") Case c) {
    var engine = new TickEngine(c.offers(), new MarketHistory(c.offers().market()));
    List<Integer> starts = List.of(0, 0, 3, 5, 9);
    for (String p : ONLINE) {
      var ledger = new BlockLedger(c.offers());
      List<SampleResult> rs = engine.runTogether(Policies.online(p), c.job(), starts, ledger);
      int ticks = c.offers().market().ticks();
      for (int b = 0; b < c.offers().blocks().size(); b++) {
        for (int t = 0; t < ticks; t++) {
          int held = 0;
          for (int j = 0; j < rs.size(); j++) {
            int rel = t - starts.get(j);
            int[] line = rs.get(j).timeline();
            held += rel >= 0 && rel < line.length && SampleResult.blockOf(line[rel]) == b ? 1 : 0;
          }
          assertThat(held)
              .as(p + " block " + b + " tick " + t)
              .isLessThanOrEqualTo(c.offers().blocks().get(b).instances());
        }
      }
      for (int j = 0; j < rs.size(); j++) {
        assertThat(rs.get(j).missed()).as(p + " job " + j).isFalse();
        assertInsideWindows(c.offers(), rs.get(j), starts.get(j), p);
      }
    }
  }
}
