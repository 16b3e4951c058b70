package dev.stratus.simulator.engine;

import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.simulator.offers.BlockLedger;
import dev.stratus.simulator.offers.MarketOffers;
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
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs policies on sampled job windows. Start ticks are drawn per market from one seeded generator,
 * so a seed fixes the samples; samples run in parallel, each policy's results land in sample order,
 * so the outcome does not depend on the number of threads.
 *
 * <p>With reserved blocks the samples are one workload: an online policy's jobs run together and
 * share the blocks' instances, first come first served ({@link TickEngine#runTogether}); the
 * omniscient plans are made in order of start, each knowing the future and what the jobs before it
 * hold ({@link #clairvoyant}): a clairvoyant schedule of the workload, and for a job alone (or jobs
 * that do not meet on a block) the exact lower bound. Every policy is then run again without the
 * blocks (flex offers kept), for the cost of the same jobs without them.
 */
public final class Experiment {
  /** One job window: which market, and the tick the job starts at. */
  public record Sample(int market, int startTick) {}

  /**
   * The outcome: the samples and, per policy name, its result on each sample; with blocks, each
   * policy's block holdings (per market) and its results without the blocks.
   */
  public record Outcome(
      List<Sample> samples,
      Map<String, List<SampleResult>> results,
      Map<String, List<BlockLedger>> ledgers,
      Map<String, List<SampleResult>> withoutBlocks) {
    public Outcome(List<Sample> samples, Map<String, List<SampleResult>> results) {
      this(samples, results, Map.of(), Map.of());
    }
  }

  /** Where starts may fall: job windows lie within [fromTick, toTick) of each market. */
  public record Window(int fromTick, int toTick) {}

  private final List<MarketOffers> markets;
  private final JobSpec job;
  private final List<String> policies;

  public Experiment(List<Market> markets, JobSpec job, List<String> policies) {
    this(job, policies, markets.stream().map(MarketOffers::none).toList());
  }

  private Experiment(JobSpec job, List<String> policies, List<MarketOffers> markets) {
    this.markets = List.copyOf(markets);
    this.job = job;
    this.policies = List.copyOf(policies);
  }

  /** Markets with blocks and flex offers besides their spot and on-demand. */
  public static Experiment withOffers(
      List<MarketOffers> markets, JobSpec job, List<String> policies) {
    return new Experiment(job, policies, markets);
  }

  public List<Sample> draw(int starts, long seed, Window window) {
    Random random = new Random(seed);
    List<Sample> samples = new ArrayList<>();
    for (int m = 0; m < markets.size(); m++) {
      Market market = markets.get(m).market();
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
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
    try {
      if (markets.stream().noneMatch(MarketOffers::hasBlocks)) {
        return new Outcome(samples, alone(samples, markets, pool));
      }
      List<MarketOffers> without =
          markets.stream()
              .map(m -> new MarketOffers(m.market(), List.of(), m.flex(), m.gang()))
              .toList();
      Map<String, List<BlockLedger>> ledgers = new LinkedHashMap<>();
      Map<String, List<SampleResult>> results = together(samples, pool, ledgers);
      return new Outcome(samples, results, ledgers, alone(samples, without, pool));
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Every sample on its own, in parallel; the online policies shared across samples. */
  private Map<String, List<SampleResult>> alone(
      List<Sample> samples, List<MarketOffers> on, ExecutorService pool)
      throws ExecutionException, InterruptedException {
    List<TickEngine> engines =
        on.stream().map(m -> new TickEngine(m, new MarketHistory(m.market()))).toList();
    Map<String, DeadlinePolicy> online = new LinkedHashMap<>();
    for (String name : policies) {
      if (!name.equals(Policies.OMNISCIENT)) {
        online.put(name, Policies.online(name));
      }
    }
    // Submitted in (market, start) order so neighbouring samples share cached tables; the
    // results are put back in the samples' order.
    List<Future<Map<String, SampleResult>>> futures = new ArrayList<>(samples.size());
    for (int i = 0; i < samples.size(); i++) {
      futures.add(null);
    }
    for (int i : byStart(samples)) {
      Sample s = samples.get(i);
      futures.set(i, pool.submit(() -> runOne(s, engines.get(s.market()), online)));
    }
    Map<String, List<SampleResult>> results = new LinkedHashMap<>();
    policies.forEach(p -> results.put(p, new ArrayList<>()));
    for (Future<Map<String, SampleResult>> f : futures) {
      Map<String, SampleResult> one = f.get();
      policies.forEach(p -> results.get(p).add(one.get(p)));
    }
    return results;
  }

  /** Each online policy's samples together per market; the omniscient's alone. */
  private Map<String, List<SampleResult>> together(
      List<Sample> samples, ExecutorService pool, Map<String, List<BlockLedger>> ledgers)
      throws ExecutionException, InterruptedException {
    List<TickEngine> engines =
        markets.stream().map(m -> new TickEngine(m, new MarketHistory(m.market()))).toList();
    Map<String, Future<List<SampleResult>>> online = new LinkedHashMap<>();
    for (String name : policies) {
      ledgers.put(name, markets.stream().map(BlockLedger::new).toList());
      if (!name.equals(Policies.OMNISCIENT)) {
        Callable<List<SampleResult>> run =
            () -> shared(samples, engines, Policies.online(name), ledgers.get(name));
        online.put(name, pool.submit(run));
      }
    }
    Future<List<SampleResult>> omniscient =
        policies.contains(Policies.OMNISCIENT)
            ? pool.submit(() -> clairvoyant(samples, engines, ledgers.get(Policies.OMNISCIENT)))
            : null;
    Map<String, List<SampleResult>> results = new LinkedHashMap<>();
    for (String name : policies) {
      if (name.equals(Policies.OMNISCIENT)) {
        results.put(name, omniscient.get());
      } else {
        results.put(name, online.get(name).get());
      }
    }
    return results;
  }

  /**
   * The omniscient plans of jobs sharing the blocks: in order of start, each planned knowing the
   * future and what the jobs before it hold, then played holding its own share.
   */
  private List<SampleResult> clairvoyant(
      List<Sample> samples, List<TickEngine> engines, List<BlockLedger> ledgers) {
    SampleResult[] out = new SampleResult[samples.size()];
    for (int i : byStart(samples)) {
      Sample s = samples.get(i);
      TickEngine engine = engines.get(s.market());
      BlockLedger ledger = ledgers.get(s.market());
      var plan = new OmniscientPlanner(engine.offers(), job, ledger).plan(s.startTick());
      var policy = new PlanPolicy(plan, engine.offers(), s.startTick());
      out[i] = engine.run(policy, job, s.startTick(), ledger);
    }
    return List.of(out);
  }

  private List<SampleResult> shared(
      List<Sample> samples, List<TickEngine> engines, DeadlinePolicy policy, List<BlockLedger> l) {
    SampleResult[] out = new SampleResult[samples.size()];
    for (int m = 0; m < markets.size(); m++) {
      List<Integer> mine = new ArrayList<>();
      for (int i = 0; i < samples.size(); i++) {
        if (samples.get(i).market() == m) {
          mine.add(i);
        }
      }
      List<Integer> starts = mine.stream().map(i -> samples.get(i).startTick()).toList();
      List<SampleResult> r = engines.get(m).runTogether(policy, job, starts, l.get(m));
      for (int k = 0; k < mine.size(); k++) {
        out[mine.get(k)] = r.get(k);
      }
    }
    return List.of(out);
  }

  private static List<Integer> byStart(List<Sample> samples) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < samples.size(); i++) {
      order.add(i);
    }
    order.sort(
        Comparator.comparingInt((Integer i) -> samples.get(i).market())
            .thenComparingInt(i -> samples.get(i).startTick()));
    return order;
  }

  private SampleResult omniscient(Sample s, TickEngine engine, BlockLedger ledger) {
    var plan = new OmniscientPlanner(engine.offers(), job).plan(s.startTick());
    return engine.run(
        new PlanPolicy(plan, engine.offers(), s.startTick()), job, s.startTick(), ledger);
  }

  private Map<String, SampleResult> runOne(
      Sample s, TickEngine engine, Map<String, DeadlinePolicy> online) {
    Map<String, SampleResult> out = new LinkedHashMap<>();
    for (String name : policies) {
      DeadlinePolicy policy = online.get(name);
      out.put(
          name,
          policy == null
              ? omniscient(s, engine, new BlockLedger(engine.offers()))
              : engine.run(policy, job, s.startTick()));
    }
    return out;
  }
}
