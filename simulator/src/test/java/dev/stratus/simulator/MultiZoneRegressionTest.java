package dev.stratus.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.simulator.engine.Experiment;
import dev.stratus.simulator.engine.Policies;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import dev.stratus.simulator.trace.Prices;
import dev.stratus.simulator.trace.TraceReader;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Pins the multi-zone figure on the shared week: the 13 GCP H100 zones, a gang of 8, 48 h of work
 * due in 72 h, changeover 0.2 h, seed 7, as {@code stratus simulate multi ... --starts 50 --seed 7}
 * but with its first 25 starts (the same draw), to keep the test under a minute. Measured: stratus
 * 1.0132 of the omniscient optimum (mean of per-sample ratios), multi-zone Uniform Progress 1.2108,
 * no deadline missed; the policy before price-nested markets gave 1.0856 here.
 */
class MultiZoneRegressionTest {
  private static final int STARTS = 25;

  @Test
  void onTheSharedWeekStratusStaysWithinThreePercentOfTheOptimumAndBeatsUniformProgress() {
    Path dir = Path.of(SimulateCommandTest.H100);
    Market week = Market.of(TraceReader.readDirectory(dir), 8, Prices.fromFiles(), dir);
    var experiment =
        new Experiment(
            List.of(week),
            JobSpec.ofHours(48, 72, 0.2),
            List.of("uniform-progress", "stratus", Policies.OMNISCIENT));
    var samples = experiment.draw(STARTS, 7, new Experiment.Window(0, Integer.MAX_VALUE));
    var results = experiment.run(samples, 2).results();
    List<SampleResult> optimum = results.get(Policies.OMNISCIENT);

    double stratus = meanRatio(results.get("stratus"), optimum);
    double uniformProgress = meanRatio(results.get("uniform-progress"), optimum);

    assertThat(results.get("stratus")).noneMatch(SampleResult::missed);
    assertThat(stratus).isBetween(1.0, 1.03).isCloseTo(1.0132, Offset.offset(0.005));
    assertThat(stratus).isLessThanOrEqualTo(uniformProgress);
    for (int i = 0; i < samples.size(); i++) {
      assertThat(results.get("stratus").get(i).costUsd())
          .as("sample %d: the optimum is a lower bound", i)
          .isGreaterThanOrEqualTo(optimum.get(i).costUsd() - 1e-9);
    }
  }

  private static double meanRatio(List<SampleResult> policy, List<SampleResult> optimum) {
    double sum = 0;
    for (int i = 0; i < policy.size(); i++) {
      sum += policy.get(i).costUsd() / optimum.get(i).costUsd();
    }
    return sum / policy.size();
  }
}
