package dev.stratus.simulator.bench;

import dev.stratus.api.model.CapacityType;
import dev.stratus.policy.DeadlineJob;
import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.policy.Decision;
import dev.stratus.policy.DecisionInput;
import dev.stratus.policy.Greedy;
import dev.stratus.policy.LocationView;
import dev.stratus.policy.Observation;
import dev.stratus.policy.Placement;
import dev.stratus.policy.StratusDeadlinePolicy;
import dev.stratus.policy.UniformProgress;
import dev.stratus.simulator.engine.MarketHistory;
import dev.stratus.simulator.trace.Market;
import dev.stratus.simulator.trace.Prices;
import dev.stratus.simulator.trace.TraceReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One policy decision on real traces, mid-job (target: under 1 ms): one zone of Can't Be Late's
 * traces with 9 days of history, and the 13 GCP H100 zones with 3.5 days. The Stratus decisions are
 * measured with the day's slack table already solved (it is solved once a day per market); {@code
 * stratusSolveDayTable} measures that solve on its own.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PolicyDecisionBenchmark {
  DecisionInput single;
  DecisionInput multi;
  final DeadlinePolicy greedy = new Greedy();
  final DeadlinePolicy uniformProgress = new UniformProgress();
  final DeadlinePolicy stratus = new StratusDeadlinePolicy();

  @Setup
  public void setUp() {
    Path cbl = Path.of("traces/cant-be-late/aws-10-26-2022");
    var prices = new Prices(OptionalDouble.of(0.9731), OptionalDouble.of(3.06));
    Market one =
        Market.of(List.of(TraceReader.read(cbl.resolve("us-west-2a_v100_1.json"))), 1, prices, cbl);
    single = input(one, 1300, 36);
    Path h100 = Path.of("traces/h100-gcp");
    multi = input(Market.of(TraceReader.readDirectory(h100), 1, Prices.fromFiles(), h100), 500, 60);
    stratus.decide(single);
    stratus.decide(multi);
  }

  /** A 48 h job due in 60 h, started {@code ran} ticks before {@code tick}, on spot since. */
  static DecisionInput input(Market m, int tick, int ran) {
    var history = new MarketHistory(m);
    List<LocationView> views = new ArrayList<>();
    int running = -1;
    for (int l = 0; l < m.locations().size(); l++) {
      boolean up = m.available()[l][tick];
      running = running < 0 && up ? l : running;
      views.add(
          new LocationView(
              m.locations().get(l),
              m.spotPrice()[l][tick],
              m.onDemandPrice()[l],
              up ? Observation.AVAILABLE : Observation.UNAVAILABLE,
              history.at(l, tick)));
    }
    var start = m.time(tick - ran);
    var job =
        new DeadlineJob(
            start,
            start.plus(Duration.ofHours(60)),
            Duration.ofHours(48),
            Duration.ofHours(48).minus(Duration.ofMinutes(8L * ran)),
            Duration.ofMinutes(12));
    Optional<Placement> placement =
        running < 0
            ? Optional.empty()
            : Optional.of(
                new Placement(m.locations().get(running), CapacityType.SPOT, m.time(tick - 6)));
    return new DecisionInput(m.time(tick), Duration.ofMinutes(10), job, placement, views);
  }

  @Benchmark
  public Decision greedyOneZone() {
    return greedy.decide(single);
  }

  @Benchmark
  public Decision uniformProgressOneZone() {
    return uniformProgress.decide(single);
  }

  @Benchmark
  public Decision stratusOneZone() {
    return stratus.decide(single);
  }

  @Benchmark
  public Decision stratusThirteenZones() {
    return stratus.decide(multi);
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  @Measurement(iterations = 10)
  public Decision stratusSolveDayTable() {
    return new StratusDeadlinePolicy().decide(single);
  }
}
