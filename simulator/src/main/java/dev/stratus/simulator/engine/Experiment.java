package dev.stratus.simulator.engine;

import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.simulator.omniscient.OmniscientPlanner;
import dev.stratus.simulator.omniscient.PlanPolicy;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs policies on sampled job windows. Start ticks are drawn per market from one seeded generator,
 * so a seed fixes the samples; samples run in parallel, each policy's results land in sample order,
 * so the outcome does not depend on the number of threads.
 */
public final class Experiment {
  /** One job window: which market, and the tick the job starts at. */
  public record Sample(int market, int startTick) {}

  /** The outcome: the samples and, per policy name, its result on each sample. */
  public record Outcome(List<Sample> samples, Map<String, List<SampleResult>> results) {}

  /** Where starts may fall: job windows lie within [fromTick, toTick) of each market. */
  public record Window(int fromTick, int toTick) {}

  private final List<Market> markets;
  private final JobSpec job;
  private final List<String> policies;

  public Experiment(List<Market> markets, JobSpec job, List<String> policies) {
    this.markets = List.copyOf(markets);
    this.job = job;
    this.policies = List.copyOf(policies);
  }

  public List<Sample> draw(int starts, long seed, Window window) {
    Random random = new Random(seed);
    List<Sample> samples = new ArrayList<>();
    for (int m = 0; m < markets.size(); m++) {
      Market market = markets.get(m);
      int ticks = job.ticks(market.gapSeconds());
      int from = Math.max(0, window.fromTick());
      int to = Math.min(market.ticks(), window.toTick());
      if (to - from < ticks) {
        throw new IllegalArgumentException(
            String.join(",", market.locations())
                + ": the start window ["
                + from
                + ", "
                + to
                + ") ticks is shorter than the job's deadline ("
                + ticks
                + " ticks)");
      }
      for (int k = 0; k < starts; k++) {
        samples.add(new Sample(m, from + random.nextInt(to - ticks - from + 1)));
      }
    }
    return samples;
  }

  public Outcome run(List<Sample> samples, int threads) {
    List<TickEngine> engines =
        markets.stream().map(m -> new TickEngine(m, new MarketHistory(m))).toList();
    Map<String, DeadlinePolicy> online = new LinkedHashMap<>();
    for (String name : policies) {
      if (!name.equals(Policies.OMNISCIENT)) {
        online.put(name, Policies.online(name));
      }
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
    try {
      // Submitted in (market, start) order so neighbouring samples share cached tables; the
      // results are put back in the samples' order.
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < samples.size(); i++) {
        order.add(i);
      }
      order.sort(
          Comparator.comparingInt((Integer i) -> samples.get(i).market())
              .thenComparingInt(i -> samples.get(i).startTick()));
      List<Future<Map<String, SampleResult>>> futures = new ArrayList<>(samples.size());
      for (int i = 0; i < samples.size(); i++) {
        futures.add(null);
      }
      for (int i : order) {
        Sample s = samples.get(i);
        futures.set(i, pool.submit(() -> runOne(s, engines.get(s.market()), online)));
      }
      Map<String, List<SampleResult>> results = new LinkedHashMap<>();
      policies.forEach(p -> results.put(p, new ArrayList<>()));
      for (Future<Map<String, SampleResult>> f : futures) {
        Map<String, SampleResult> one = f.get();
        policies.forEach(p -> results.get(p).add(one.get(p)));
      }
      return new Outcome(samples, results);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }

  private Map<String, SampleResult> runOne(
      Sample s, TickEngine engine, Map<String, DeadlinePolicy> online) {
    Map<String, SampleResult> out = new LinkedHashMap<>();
    for (String name : policies) {
      DeadlinePolicy policy = online.get(name);
      if (policy == null) {
        Market market = markets.get(s.market());
        var plan = new OmniscientPlanner(market, job).plan(s.startTick());
        policy = new PlanPolicy(plan, market, s.startTick());
      }
      out.put(name, engine.run(policy, job, s.startTick()));
    }
    return out;
  }
}
