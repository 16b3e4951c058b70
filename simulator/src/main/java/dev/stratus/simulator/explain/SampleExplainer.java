package dev.stratus.simulator.explain;

import dev.stratus.simulator.engine.Experiment;
import dev.stratus.simulator.engine.MarketHistory;
import dev.stratus.simulator.engine.Policies;
import dev.stratus.simulator.engine.TickEngine;
import dev.stratus.simulator.offers.MarketOffers;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --explain N}: which sample that is, which policy is explained (stratus when it runs, else
 * the first online policy), and the report of that sample beside every policy's run on it.
 */
public final class SampleExplainer {
  private SampleExplainer() {}

  /** Sample {@code n} of those drawn, or a clear error naming {@code --explain}. */
  public static Experiment.Sample pick(List<Experiment.Sample> drawn, int n) {
    if (n < 0 || n >= drawn.size()) {
      throw new IllegalArgumentException(
          "--explain "
              + n
              + ": there are "
              + drawn.size()
              + " samples, 0 to "
              + (drawn.size() - 1));
    }
    return drawn.get(n);
  }

  /** The policy to explain among {@code names}. */
  public static String policy(List<String> names) {
    if (names.contains("stratus")) {
      return "stratus";
    }
    return names.stream()
        .filter(n -> !n.equals(Policies.OMNISCIENT))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("--explain needs an online policy in --policies"));
  }

  /**
   * The report for sample {@code n} ({@code sample}), given each policy's result on it ({@code
   * runs}, the omniscient plan among them when it ran).
   */
  public static String report(
      int n,
      Experiment.Sample sample,
      MarketOffers offers,
      JobSpec job,
      List<String> names,
      Map<String, SampleResult> runs) {
    Market market = offers.market();
    String explained = policy(names);
    var engine = new TickEngine(offers, new MarketHistory(market));
    ExplainedRun run =
        ExplainedRun.replay(engine, Policies.online(explained), job, sample.startTick());
    double tickHours = market.gapSeconds() / 3600.0;
    String header =
        "sample "
            + n
            + ": the job starts at hour "
            + String.format(Locale.ROOT, "%.2f", sample.startTick() * tickHours)
            + " of the traces ("
            + market.time(sample.startTick())
            + "); where each policy ran:";
    return ExplainReport.text(
        header, market.locations(), tickHours, new LinkedHashMap<>(runs), run);
  }
}
