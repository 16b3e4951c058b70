package dev.stratus.simulator.report;

import dev.stratus.simulator.engine.Experiment;
import dev.stratus.simulator.engine.Policies;
import dev.stratus.simulator.offers.MarketOffers;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What {@code stratus simulate} reports: the mode, the traces, the samples, and each policy. */
public record Summary(
    String mode, List<String> traces, int samples, Map<String, PolicySummary> policies) {

  public static Summary of(
      String mode, List<String> traces, List<Market> markets, JobSpec job, Experiment.Outcome o) {
    return of(mode, traces, markets, job, o, List.of());
  }

  /** With the blocks and flex offers the run had ({@code offers} per market; empty: none). */
  public static Summary of(
      String mode,
      List<String> traces,
      List<Market> markets,
      JobSpec job,
      Experiment.Outcome o,
      List<MarketOffers> offers) {
    List<SampleResult> omni = o.results().get(Policies.OMNISCIENT);
    boolean windowed = offers.stream().anyMatch(m -> !m.blocks().isEmpty() || !m.flex().isEmpty());
    Map<String, PolicySummary> policies = new LinkedHashMap<>();
    o.results()
        .forEach(
            (name, results) -> {
              PolicySummary p = summarise(markets, job, o, results, omni);
              if (windowed) {
                p = WindowedFigures.add(p, name, o, offers);
              }
              policies.put(name, p);
            });
    return new Summary(mode, List.copyOf(traces), o.samples().size(), policies);
  }

  private static PolicySummary summarise(
      List<Market> markets,
      JobSpec job,
      Experiment.Outcome o,
      List<SampleResult> results,
      List<SampleResult> omni) {
    int n = results.size();
    double spot = 0;
    double onDemand = 0;
    double cost = 0;
    double vsOnDemand = 0;
    int misses = 0;
    double spotRatio = 0;
    int spotRatios = 0;
    double costRatio = 0;
    int costRatios = 0;
    double omniSpot = 0;
    for (int i = 0; i < n; i++) {
      SampleResult r = results.get(i);
      Market m = markets.get(o.samples().get(i).market());
      double allOnDemand =
          (job.workSeconds() + job.changeoverSeconds())
              / 3600.0
              * m.onDemandPrice()[m.cheapestOnDemand()];
      spot += r.spotHours();
      onDemand += r.onDemandHours();
      cost += r.costUsd();
      vsOnDemand += r.costUsd() / allOnDemand;
      misses += r.missed() ? 1 : 0;
      if (omni != null) {
        SampleResult best = omni.get(i);
        omniSpot += best.spotHours();
        if (best.costUsd() > 0) {
          // A sample the optimum runs for nothing (all on a block) has no ratio.
          costRatio += r.costUsd() / best.costUsd();
          costRatios++;
        }
        if (best.spotHours() > 0) {
          spotRatio += r.spotHours() / best.spotHours();
          spotRatios++;
        }
      }
    }
    return new PolicySummary(
        spot / n,
        onDemand / n,
        cost / n,
        vsOnDemand / n,
        misses,
        omni == null || spotRatios == 0 ? null : spotRatio / spotRatios,
        omni == null || costRatios == 0 ? null : costRatio / costRatios,
        omni == null || omniSpot == 0 ? null : spot / omniSpot,
        null);
  }
}
