package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.bootstrap.health.GpuHealthCheck;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The {@code gpu-health} step between {@code gpus} and {@code slurmd}, per level. */
class GpuHealthStepTest extends AgentHarness {
  Path fixture(String resource) throws Exception {
    Path f = dir.resolve(Path.of(resource).getFileName());
    try (InputStream in = getClass().getResourceAsStream("/" + resource)) {
      Files.write(f, in.readAllBytes());
    }
    return f;
  }

  Path script(String name, String body) throws Exception {
    Path s = dir.resolve(name);
    Files.writeString(s, "#!/bin/sh\n" + body + "\n", StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwx------"));
    return s;
  }

  Path nvidiaSmi(String xml) throws Exception {
    return script(
        "nvidia-smi-" + xml,
        "case \"$1\" in -q) cat "
            + fixture("nvidia-smi/" + xml)
            + ";; nvlink) cat "
            + fixture("health/nvlink-h100-8-ok.txt")
            + ";; esac");
  }

  void level(int level, Path smi, Optional<Path> dcgmi, Duration timeout) throws Exception {
    Path kernelLog = fixture("health/dmesg-xids.txt");
    // the dmesg fixture holds a 94 and a 48: a log without them for the passing runs
    Files.writeString(
        kernelLog, Files.readString(kernelLog).lines().limit(3).reduce("", (a, b) -> a + b + "\n"));
    settings =
        settings.withGpuHealth(new GpuHealthCheck(level, timeout, smi, dcgmi, kernelLog, 1, false));
  }

  List<String> steps() throws Exception {
    return status().stream().map(StatusLine::step).toList();
  }

  @Test
  void levelZeroRunsNoHealthStep() throws Exception {
    assertThat(runAgent()).isTrue();
    assertThat(steps()).doesNotContain("gpu-health").endsWith("gpus", "slurmd");
  }

  @Test
  void levelOnePassesAndSaysWhatEachCheckRead() throws Exception {
    level(1, nvidiaSmi("health-h100-8-ok.xml"), Optional.empty(), Duration.ofSeconds(20));

    assertThat(runAgent()).isTrue();

    assertThat(steps()).endsWith("gpus", "gpu-health", "slurmd");
    StatusLine health = status().get(status().size() - 2);
    assertThat(health.ok()).isTrue();
    assertThat(health.message())
        .startsWith("gpu-health: level 1 ok: nvidia-smi ok: 8 GPUs; volatile uncorrectable ECC 0")
        .contains("nvlink ok: 8 GPUs, 144 links active, 0 down")
        .contains(
            "kernel-log ok: "
                + dir.resolve("dmesg-xids.txt")
                + ": 2 XID lines since boot (13, 43)");
    assertThat(StatusLine.parse(health.toJson()).orElseThrow().message())
        .isEqualTo(health.message());
  }

  @Test
  void anUncorrectableEccErrorKeepsSlurmdFromStarting() throws Exception {
    level(
        1,
        nvidiaSmi("health-h100-8-ecc-uncorrectable.xml"),
        Optional.empty(),
        Duration.ofSeconds(20));

    assertThat(runAgent()).isFalse();

    StatusLine last = status().get(status().size() - 1);
    assertThat(last.step()).isEqualTo("gpu-health");
    assertThat(last.message())
        .isEqualTo(
            "gpu-health: level 1: GPU 00000000:3B:00.0 ecc-uncorrectable: volatile DRAM"
                + " uncorrectable 2 (action requeue-now); slurmd not started");
    assertThat(programs()).noneMatch(p -> p.endsWith("/slurmd"));
  }

  @Test
  void aKernelLogXidSinceBootRefusesTheNode() throws Exception {
    level(1, nvidiaSmi("health-h100-8-ok.xml"), Optional.empty(), Duration.ofSeconds(20));
    settings =
        settings.withGpuHealth(
            new GpuHealthCheck(
                1,
                Duration.ofSeconds(20),
                settings.gpuHealth().nvidiaSmi(),
                Optional.empty(),
                fixture("health/kmsg-xid-79.txt"),
                1,
                false));

    assertThat(runAgent()).isFalse();

    assertThat(status().get(status().size() - 1).message())
        .startsWith(
            "gpu-health: level 1: GPU 00000000:3B:00.0 xid 79: bus: GPU has fallen off the bus.");
  }

  @Test
  void aHungNvidiaSmiFailsTheCheckWithinItsTimeBox() throws Exception {
    level(1, script("nvidia-smi-hung", "sleep 60"), Optional.empty(), Duration.ofSeconds(1));

    long start = System.nanoTime();
    assertThat(runAgent()).isFalse();

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
    assertThat(status().get(status().size() - 1).message())
        .isEqualTo(
            "gpu-health: level 1: nvidia-smi: "
                + dir.resolve("nvidia-smi-hung")
                + " -q -x did not exit within 1000 ms; killed; slurmd not started");
  }

  @Test
  void levelTwoWithoutDcgmNamesThePackage() throws Exception {
    level(
        2,
        nvidiaSmi("health-h100-8-ok.xml"),
        Optional.of(dir.resolve("no-dcgmi")),
        Duration.ofSeconds(20));

    assertThat(runAgent()).isFalse();

    assertThat(status().get(status().size() - 1).message())
        .startsWith(
            "gpu-health: level 2: dcgmi: DCGM is not installed ("
                + dir.resolve("no-dcgmi")
                + " not found)")
        .contains("install the datacenter-gpu-manager package")
        .endsWith("; slurmd not started");
  }

  @Test
  void levelTwoRunsTheDiagnostic() throws Exception {
    Path pass = fixture("health/dcgmi-diag-r1-pass.json");
    Path dcgmi = script("dcgmi", "[ \"$*\" = \"diag -r 1 -j\" ] || exit 9\ncat " + pass);
    level(2, nvidiaSmi("health-h100-8-ok.xml"), Optional.of(dcgmi), Duration.ofSeconds(20));

    assertThat(runAgent()).isTrue();

    assertThat(status().get(status().size() - 2).message())
        .contains("dcgmi ok: " + dcgmi + " diag -r 1 -j: 9 results, none failed");
  }

  @Test
  void levelTwoFailsOnADiagnosticFailure() throws Exception {
    Path fail = fixture("health/dcgmi-diag-r2-fail.json");
    Path dcgmi = script("dcgmi", "cat " + fail + "\nexit 226");
    level(2, nvidiaSmi("health-h100-8-ok.xml"), Optional.of(dcgmi), Duration.ofSeconds(20));

    assertThat(runAgent()).isFalse();

    assertThat(status().get(status().size() - 1).message())
        .startsWith(
            "gpu-health: level 2: dcgmi: "
                + dcgmi
                + " diag -r 1 -j: Page Retirement/Row Remap, GPU 2: Fail");
  }
}
