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
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** On real traces, sample by sample: the omniscient plan costs no more than any online policy. */
class RealTracesTest {
  private static void omniscientIsNeverBeaten(List<Market> markets, JobSpec job, int starts) {
    var experiment = new Experiment(markets, job, Policies.ALL);
    var samples = experiment.draw(starts, 3, new Experiment.Window(0, Integer.MAX_VALUE));
    var outcome = experiment.run(samples, 2);
    List<SampleResult> omni = outcome.results().get(Policies.OMNISCIENT);
    outcome
        .results()
        .forEach(
            (name, results) -> {
              for (int i = 0; i < results.size(); i++) {
                assertThat(results.get(i).missed()).as(name + " sample " + i).isFalse();
                assertThat(results.get(i).costUsd())
                    .as(name + " sample " + i)
                    .isGreaterThanOrEqualTo(omni.get(i).costUsd() - 1e-9);
              }
            });
  }

  @Test
  void inEachCantBeLateZone() {
    Path dir = Path.of(SimulateCommandTest.CBL);
    var prices = new Prices(OptionalDouble.of(0.9731), OptionalDouble.of(3.06));
    List<Market> markets =
        TraceReader.readDirectory(dir).stream()
            .map(t -> Market.of(List.of(t), 1, prices, dir))
            .toList();
    omniscientIsNeverBeaten(markets, JobSpec.ofHours(48, 60, 0.2), 8);
  }

  @Test
  void acrossTheThirteenH100Zones() {
    Path dir = Path.of(SimulateCommandTest.H100);
    Market m = Market.of(TraceReader.readDirectory(dir), 1, Prices.fromFiles(), dir);
    omniscientIsNeverBeaten(List.of(m), JobSpec.ofHours(48, 60, 0.2), 12);
  }
}
