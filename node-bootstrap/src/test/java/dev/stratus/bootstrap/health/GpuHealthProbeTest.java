package dev.stratus.bootstrap.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GpuHealthProbeTest {
  @TempDir Path dir;

  @Test
  void printsWhatEachCheckReadAndHowLongItTook() throws Exception {
    Path smi =
        HealthFixtures.nvidiaSmi(
            dir, "health-h100-8-remap-failure.xml", "nvlink-h100-8-gpu2-link3-7-down.txt");
    Path log = HealthFixtures.copy(dir, "health/kmsg-xid-79.txt");
    Path pass = HealthFixtures.copy(dir, "health/dcgmi-diag-r1-pass.json");
    Path dcgmi = HealthFixtures.script(dir, "dcgmi", "cat " + pass);
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int rc =
        GpuHealthProbe.run(
            new String[] {
              "--nvidia-smi",
              smi.toString(),
              "--kernel-log",
              log.toString(),
              "--dcgmi",
              dcgmi.toString(),
              "--timeout-ms",
              "20000"
            },
            new PrintStream(out, true, StandardCharsets.UTF_8));

    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(rc).isZero();
    assertThat(text)
        .containsPattern("nvidia-smi -q -x: ok \\(\\d+ ms\\)")
        .contains("GPU 5 00000000:AB:00.0 NVIDIA H100 80GB HBM3: ECC volatile corr/unc 0/0")
        .contains("failure true")
        .containsPattern("nvidia-smi nvlink -s: 8 GPUs, 142 links active, 2 down \\(\\d+ ms\\)")
        .contains("1 XID lines since boot")
        .contains("requeue-now: GPU 00000000:3B:00.0 xid 79")
        .contains("replace: GPU 00000000:AB:00.0 row-remap-failure")
        .contains("drain-after-job: GPU 00000000:3B:00.0 nvlink-down")
        .contains("dcgmi: passed: ")
        .contains("watcher report: {\"node\":\"probe\"");
  }

  @Test
  void withoutAnswerFromNvidiaSmiItSaysWhyAndExitsOne() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc =
        GpuHealthProbe.run(
            new String[] {"--nvidia-smi", dir.resolve("none").toString()},
            new PrintStream(out, true, StandardCharsets.UTF_8));
    assertThat(rc).isEqualTo(1);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("nvidia-smi -q -x: failed: cannot run " + dir.resolve("none"))
        .contains("dcgmi: not run (no --dcgmi; package datacenter-gpu-manager)");
    assertThat(GpuHealthProbe.run(new String[] {"--dcgmi"}, System.out)).isEqualTo(2);
  }
}
