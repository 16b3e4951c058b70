package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.core.config.GpuHealthSettings;
import dev.stratus.core.config.GpuHealthSettings.IdleAction;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.GpuSample;
import io.micrometer.core.instrument.Counter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The idle-GPU policy through the controller: a job whose GPUs stay idle is noted and requeued. */
class IdleGpuControllerTest extends ControllerFixture {
  long sequence;

  @Override
  protected StratusConfig config() {
    return super.config()
        .withGpuHealth(
            Map.of(
                "gpu",
                new GpuHealthSettings(
                    0,
                    Duration.ofSeconds(60),
                    1,
                    Duration.ofSeconds(5),
                    3,
                    Duration.ofSeconds(30),
                    Duration.ofSeconds(60),
                    new GpuHealthSettings.IdlePolicy(
                        true, 5, Duration.ofMinutes(10), IdleAction.REQUEUE))));
  }

  void samples(Instance i, int util) {
    controller.receiveHealth(
        new GpuHealthReport(
            "gpu-001",
            i.id(),
            clock.instant(),
            ++sequence,
            GpuHealthReport.Read.OK,
            List.of(),
            IntStream.range(0, 8).mapToObj(g -> new GpuSample(g, "b" + g, util, 1, 2)).toList()));
  }

  @Test
  void aJobIdleForTenMinutesIsNotedAndRequeuedOnceAndItsIdleHoursCounted() {
    Instance i = jobRunning(42, "gpu-001", Duration.ofMinutes(1));
    for (int minute = 0; minute <= 25; minute += 5) {
      samples(i, minute == 5 ? 50 : 1); // one busy read at minute 5 restarts the window
      pass();
      clock.add(Duration.ofMinutes(5));
    }

    assertThat(slurm.calls())
        .filteredOn(c -> c.startsWith("note 42") || c.startsWith("requeue 42"))
        .containsExactly(
            "note 42 stratus: idle GPUs: job 42 held 8 GPUs under 5% since "
                + clock.instant().minus(Duration.ofMinutes(20))
                + "; action requeue",
            "requeue 42");
    double hours =
        controller.metrics().registry().find("stratus.gpu.idle.gpu.hours").counters().stream()
            .mapToDouble(Counter::count)
            .sum();
    assertThat(hours).as("8 GPUs x the 5 minutes after the flag").isEqualTo(8 * 5 / 60.0);
  }
}
