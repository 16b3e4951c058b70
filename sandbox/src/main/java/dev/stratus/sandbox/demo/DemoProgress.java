package dev.stratus.sandbox.demo;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the demo has seen so far: which nodes came up and were suspended again, and the nominal cost
 * of the instances ({@link CostMeter}); and one progress line per look at Slurm and the providers.
 */
final class DemoProgress {
  private final CostMeter cost = new CostMeter();
  private final Set<String> everUp = new HashSet<>();
  private final Set<String> suspended = new HashSet<>();

  /** One look: the line to show, and what the run's end depends on. */
  record Observation(
      String line,
      int completed,
      int finishedJobs,
      boolean allPoweredDown,
      int instances,
      List<SlurmJob> jobs) {}

  Observation observe(
      List<SlurmNode> nodes,
      List<SlurmJob> jobs,
      List<Instance> instances,
      List<Pool> pools,
      Duration elapsed,
      Instant now) {
    cost.observe(instances, now, prices(pools));
    for (SlurmNode n : nodes) {
      if (!n.poweredDown() && !n.poweringUp()) {
        everUp.add(n.name());
      } else if (n.poweredDown() && everUp.contains(n.name())) {
        suspended.add(n.name());
      }
    }
    int running = 0;
    int pending = 0;
    int completed = 0;
    int finished = 0;
    for (SlurmJob j : jobs) {
      if (j.state().equals("COMPLETED")) {
        completed++;
      }
      if (j.finished()) {
        finished++;
      } else if (j.pending()) {
        pending++;
      } else {
        running++;
      }
    }
    StringBuilder nodeStates = new StringBuilder();
    boolean allDown = true;
    for (SlurmNode n : nodes) {
      nodeStates
          .append(nodeStates.length() == 0 ? "" : " ")
          .append(n.name())
          .append('=')
          .append(n.shortState());
      allDown &= n.poweredDown();
    }
    String line =
        String.format(
            Locale.ROOT,
            "[%4ds] nodes: %s | jobs: %d pending, %d running, %d done | instances: %d | cost $%s",
            elapsed.toSeconds(),
            nodeStates,
            pending,
            running,
            finished,
            instances.size(),
            cost.dollars().toPlainString());
    return new Observation(line, completed, finished, allDown, instances.size(), jobs);
  }

  int suspendedNodes() {
    return suspended.size();
  }

  BigDecimal nominalCost() {
    return cost.dollars();
  }

  /** Each offering's price per hour, by its key ({@code local/local/rack-a/t/spot}). */
  static Map<String, BigDecimal> prices(List<Pool> pools) {
    Map<String, BigDecimal> prices = new HashMap<>();
    for (Pool pool : pools) {
      for (Offering o : pool.offerings()) {
        prices.put(o.key().toString(), o.pricePerHour());
      }
    }
    return prices;
  }
}
