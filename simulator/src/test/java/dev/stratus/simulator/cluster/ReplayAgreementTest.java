package dev.stratus.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerParts;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.plan.Action;
import dev.stratus.simulator.trace.TraceReader;
import dev.stratus.wire.InterruptionNotice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay acts as the controller acts: everything a replay's controller learned and did (every
 * call to Slurm, the provider, the spool and the checkpoints, with the answers) is recorded, then
 * played back to a controller built afresh, which is driven through the same steps at the same
 * simulated times. It must make the same calls with the same arguments, in the same order, and plan
 * the same actions: the replay's outcome is a function of what the controller observed and nothing
 * the simulator decided itself.
 */
class ReplayAgreementTest {
  @TempDir Path dir;

  /** One pool of up to 8 nodes in zone z1: spot $1/h, on-demand $4/h. */
  StratusConfig config() throws IOException {
    Path yaml = dir.resolve("stratus.yaml");
    Files.writeString(
        yaml,
        """
        cluster: t
        stateDir: /tmp/stratus-sim-test
        powerSave: {suspendTime: 10m}
        timeouts: {powerUp: 30m}
        pools:
          - name: gpu
            gpu: {model: h100, count: 8}
            cpus: 8
            memoryMiB: 1000
            maxNodes: 8
            offerings:
              - {provider: gcp, region: r1, zone: z1, instanceType: a3, capacity: spot, pricePerHour: 1}
              - {provider: gcp, region: r1, zone: z1, instanceType: a3, capacity: on-demand, pricePerHour: 4}
        providers:
          gcp: {}
        """);
    return SimConfig.load(yaml);
  }

  /** z1 in ticks of 10 min: room for 6 of our nodes, 1 in every third hour. */
  Path traces() throws IOException {
    Path traces = Files.createDirectories(dir.resolve("traces"));
    String data =
        IntStream.range(0, 400)
            .mapToObj(i -> i / 6 % 3 == 2 ? "1" : "6")
            .collect(Collectors.joining(","));
    Files.writeString(
        traces.resolve("z1.json"),
        "{\"metadata\": {\"gap_seconds\": 600, \"start_time\": \"2026-01-01T00:00:00+00:00\"},"
            + " \"data\": ["
            + data
            + "]}");
    return traces;
  }

  @Test
  void aFreshControllerFedWhatTheReplaysControllerSawMakesTheSameCallsAndPlans()
      throws IOException {
    StratusConfig config = config();
    Path traces = traces();
    // 60 jobs of one or two nodes, a few hours apart in bursts: nodes launch, idle out, launch
    // again, and spot capacity drops under running jobs
    SimJob[] jobs =
        IntStream.range(0, 60)
            .mapToObj(
                i ->
                    ClusterSimulationTest.job(
                        "j" + i, (i / 6) * 180 + i % 6 * 3, 8 * (1 + i % 2), 30 + i * 17 % 150))
            .toArray(SimJob[]::new);
    ClusterSettings settings = ClusterSimulationTest.settings(Optional.of("greedy"), 1.5);
    Tape tape = new Tape();

    ClusterResult replayed =
        new ClusterSimulation(
                config,
                List.of(jobs),
                TraceReader.readDirectory(traces),
                traces,
                settings,
                TapeWiring.recording(tape))
            .run();

    List<Tape.Step> steps = tape.playBack();
    SimClock clock = new SimClock(steps.get(0).at());
    Map<String, NodeProvider> providers = Map.of("gcp", TapeWiring.provider(tape, "gcp", null));
    Controller fresh =
        new Controller(
            ControllerParts.builder(
                    ReplayConfig.of(config, settings, Duration.ofMinutes(10)),
                    TapeWiring.slurm(tape, null),
                    providers,
                    TapeWiring.requests(tape, null),
                    clock)
                .metrics(StratusMetrics.forReplay())
                .cloudCalls(ControllerParts.CloudCalls.INLINE)
                .checkpoints(TapeWiring.checkpoints(tape, null))
                .files(ControllerParts.Files.NONE)
                .build());
    int passes = 0;
    for (Tape.Step step : steps) {
      clock.set(step.at());
      List<Action> actions =
          switch (step.kind()) {
            case "received" -> {
              fresh.receive((InterruptionNotice) step.input());
              yield List.of();
            }
            case "pass" -> {
              passes++;
              yield fresh.runPass();
            }
            default -> fresh.runNotices();
          };
      assertThat(actions).as("%s at %s", step.kind(), step.at()).isEqualTo(step.actions());
      tape.reached(step);
    }

    assertThat(tape.position()).isEqualTo(tape.size());
    assertThat(passes).isEqualTo(replayed.passes());
    assertThat(replayed.reclaims()).isGreaterThan(3); // the stream meets spot outages
    assertThat(replayed.onDemandNodeHours()).isPositive();
    assertThat(replayed.spotNodeHours()).isPositive();
    assertThat(tape.calls()).isGreaterThan(500);
  }
}
