package dev.stratus.simulator.report;

import dev.stratus.simulator.engine.Experiment;
import dev.stratus.simulator.offers.BlockLedger;
import dev.stratus.simulator.offers.MarketOffers;
import dev.stratus.simulator.run.SampleResult;
import java.util.List;

/** Adds a policy's {@link WindowedSummary} to its summary. */
final class WindowedFigures {
  private WindowedFigures() {}

  static PolicySummary add(
      PolicySummary p, String name, Experiment.Outcome o, List<MarketOffers> offers) {
    List<SampleResult> results = o.results().get(name);
    int n = results.size();
    double flexHours = results.stream().mapToDouble(SampleResult::flexHours).sum() / n;
    double flexUsd = results.stream().mapToDouble(SampleResult::flexUsd).sum() / n;
    WindowedSummary w;
    if (o.ledgers().isEmpty()) {
      w = new WindowedSummary(null, null, null, null, null, flexHours, flexUsd, null, null);
    } else {
      double held = 0;
      double idle = 0;
      double price = 0;
      List<BlockLedger> ledgers = o.ledgers().get(name);
      for (int m = 0; m < offers.size(); m++) {
        for (int b = 0; b < offers.get(m).blocks().size(); b++) {
          held += ledgers.get(m).heldHours(b);
          idle += ledgers.get(m).idleHours(b);
          price += offers.get(m).blocks().get(b).usd();
        }
      }
      // A job's bill is per instance; the workload pays it for each of the gang's instances.
      int gang = offers.get(0).gang();
      double bills = gang * results.stream().mapToDouble(SampleResult::costUsd).sum();
      double without =
          gang * o.withoutBlocks().get(name).stream().mapToDouble(SampleResult::costUsd).sum();
      double with = price + bills;
      w =
          new WindowedSummary(
              results.stream().mapToDouble(SampleResult::blockHours).sum() / n,
              held,
              idle,
              price,
              with == 0 ? 0 : price / with,
              flexHours,
              flexUsd,
              with,
              without);
    }
    return new PolicySummary(
        p.spotHours(),
        p.onDemandHours(),
        p.costUsd(),
        p.costVsOnDemand(),
        p.deadlineMisses(),
        p.spotVsOmniscient(),
        p.costVsOmniscient(),
        p.spotUtil(),
        w);
  }
}
