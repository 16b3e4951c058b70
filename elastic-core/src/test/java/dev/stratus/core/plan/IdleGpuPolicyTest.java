package dev.stratus.core.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.config.GpuHealthSettings;
import dev.stratus.core.config.GpuHealthSettings.IdleAction;
import dev.stratus.core.config.GpuHealthSettings.IdlePolicy;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.GpuSample;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class IdleGpuPolicyTest {
  static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
  static final GpuHealthSettings SETTINGS =
      new GpuHealthSettings(
          1,
          Duration.ofSeconds(60),
          1,
          Duration.ofSeconds(5),
          3,
          Duration.ofSeconds(30),
          Duration.ofSeconds(60),
          new IdlePolicy(true, 5, Duration.ofMinutes(10), IdleAction.REQUEUE));

  IdleGpuPolicy.State state = IdleGpuPolicy.State.EMPTY;

  static NodeHealth node(String name, Instant at, int... utils) {
    List<GpuSample> samples =
        IntStream.range(0, utils.length)
            .mapToObj(i -> new GpuSample(i, "b" + i, utils[i], 100, 80_000))
            .toList();
    return new NodeHealth(
        name,
        "i-" + name,
        1,
        at,
        at,
        Map.of(),
        Map.of(),
        List.of(),
        samples,
        GpuHealthReport.Read.OK,
        Optional.empty(),
        Optional.empty());
  }

  List<Action.IdleJob> step(Instant now, List<SlurmJob> jobs, NodeHealth... nodes) {
    IdleGpuPolicy.Step s =
        IdleGpuPolicy.step(
            now, state, jobs, List.of(nodes), n -> Optional.of("gpu"), p -> SETTINGS);
    state = s.next();
    return s.flag();
  }

  @Test
  void aJobIdleForTheWholeWindowIsFlaggedOnce() {
    List<SlurmJob> jobs = List.of(Fixtures.runningJob(42, "gpu-001", 1, T0));
    assertThat(step(T0, jobs, node("gpu-001", T0, 0, 1, 0, 2, 0, 0, 1, 0))).isEmpty();
    assertThat(
            step(
                T0.plusSeconds(300),
                jobs,
                node("gpu-001", T0.plusSeconds(300), 0, 0, 0, 0, 0, 0, 0, 0)))
        .isEmpty();

    List<Action.IdleJob> flagged =
        step(
            T0.plusSeconds(600),
            jobs,
            node("gpu-001", T0.plusSeconds(600), 0, 0, 0, 0, 0, 0, 0, 0));

    assertThat(flagged)
        .singleElement()
        .satisfies(
            j -> {
              assertThat(j.jobId()).isEqualTo(42);
              assertThat(j.gpus()).isEqualTo(8);
              assertThat(j.idleSince()).isEqualTo(T0);
              assertThat(j.action()).isEqualTo(IdleAction.REQUEUE);
              assertThat(j.reason()).startsWith("stratus: idle GPUs: job 42 held 8 GPUs under 5%");
            });
    assertThat(
            step(
                T0.plusSeconds(900),
                jobs,
                node("gpu-001", T0.plusSeconds(900), 0, 0, 0, 0, 0, 0, 0, 0)))
        .as("flagged once per idle run")
        .isEmpty();
  }

  @Test
  void oneBusyReadStartsTheWindowAgain() {
    List<SlurmJob> jobs = List.of(Fixtures.runningJob(42, "gpu-001", 1, T0));
    step(T0, jobs, node("gpu-001", T0, 0, 0, 0, 0, 0, 0, 0, 0));
    step(T0.plusSeconds(300), jobs, node("gpu-001", T0.plusSeconds(300), 90, 0, 0, 0, 0, 0, 0, 0));
    assertThat(
            step(
                T0.plusSeconds(600),
                jobs,
                node("gpu-001", T0.plusSeconds(600), 0, 0, 0, 0, 0, 0, 0, 0)))
        .isEmpty();
    assertThat(state.idleSince()).containsEntry(42L, T0.plusSeconds(600));
  }

  @Test
  void aSharedNodeNeverFlagsABusyJob() {
    // Two 4-GPU jobs on one node: one busy (4 GPUs at 80 %), one idle. The busiest 4 average 80 %:
    // the node cannot say which GPUs are whose, so neither is flagged.
    List<SlurmJob> jobs = new ArrayList<>();
    jobs.add(withGpus(Fixtures.runningJob(1, "gpu-001", 1, T0), 4));
    jobs.add(withGpus(Fixtures.runningJob(2, "gpu-001", 1, T0), 4));
    for (int t = 0; t <= 1200; t += 300) {
      Instant now = T0.plusSeconds(t);
      assertThat(step(now, jobs, node("gpu-001", now, 80, 80, 80, 80, 0, 0, 0, 0))).isEmpty();
    }
  }

  @Test
  void noFreshSamplesSayNothing() {
    List<SlurmJob> jobs = List.of(Fixtures.runningJob(42, "gpu-001", 1, T0));
    for (int t = 0; t <= 1200; t += 300) {
      Instant now = T0.plusSeconds(t);
      assertThat(step(now, jobs, node("gpu-001", T0, 0, 0, 0, 0, 0, 0, 0, 0))).isEmpty();
    }
    assertThat(step(T0.plusSeconds(1500), jobs)).isEmpty();
  }

  private static SlurmJob withGpus(SlurmJob j, int gpus) {
    return new SlurmJob(
        j.jobId(),
        j.name(),
        j.state(),
        j.reason(),
        j.partition(),
        j.nodes(),
        j.nodeCount(),
        "gpu:h100:" + gpus,
        0,
        true,
        j.started());
  }
}
