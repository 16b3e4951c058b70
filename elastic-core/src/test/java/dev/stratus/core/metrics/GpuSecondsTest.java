package dev.stratus.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.slurm.SlurmJob;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GpuSecondsTest {
  static final Instant CUT = Instant.parse("2026-11-21T12:00:00Z");

  static SlurmJob job(String gres, int nodes, Optional<Instant> started) {
    return new SlurmJob(
        1, "train", "RUNNING", "None", "gpu", "gpu-001", nodes, gres, 0, true, started);
  }

  @ParameterizedTest(name = "{0} on {1} node(s) -> {2} GPUs")
  @CsvSource(
      delimiter = '|',
      value = {
        "gpu:h100:8   | 2 | 16",
        "gpu:2,nic:1  | 1 | 2",
        "gpu          | 3 | 3",
        "gpu:h100     | 1 | 1",
        "nic:4        | 1 | 0",
        "''           | 1 | 0",
      })
  void gpusAreTheGpuGresPerNodeTimesTheNodes(String gres, int nodes, int gpus) {
    assertThat(job(gres, nodes, Optional.empty()).gpus()).isEqualTo(gpus);
  }

  @ParameterizedTest(name = "started {0} s before the cut -> {1}")
  @CsvSource({"600, 9600", "0.5, 8", "-5, 0"})
  void lostIsTheGpusTimesTheSecondsTheRunHadWhenItWasCut(double before, double lost) {
    Instant started = CUT.minusMillis((long) (before * 1000));

    assertThat(GpuSeconds.lost(job("gpu:h100:8", 2, Optional.of(started)), CUT)).isEqualTo(lost);
  }

  @Test
  void nothingIsChargedWithoutAStartTime() {
    assertThat(GpuSeconds.lost(job("gpu:h100:8", 1, Optional.empty()), CUT)).isZero();
  }
}
