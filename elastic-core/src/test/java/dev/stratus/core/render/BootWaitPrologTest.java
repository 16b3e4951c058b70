package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PrologSlurmctld that lets slurmctld launch a batch job when its node registers instead of at
 * its next 30 s pass: rendered by default, run here against a scripted {@code scontrol}.
 */
class BootWaitPrologTest {
  @TempDir Path dir;

  LoadedConfig load(String powerSaveLine) throws IOException {
    Path yaml = dir.resolve("stratus.yaml");
    String text = Files.readString(CloudInitTest.INPUT);
    text =
        text.replace(
            "slurm:\n", "slurm:\n  binDir: " + dir.resolve("bin") + "\n  version: \"24.11\"\n");
    text = text + "powerSave:\n  hookDir: " + dir.resolve("hooks") + "\n" + powerSaveLine;
    Files.writeString(yaml, text);
    return ConfigLoader.loadAll(yaml, DeclaredKeysProviders.ALL);
  }

  @Test
  void theIncludeNamesTheBootWaitPrologUnlessItIsTurnedOff() throws IOException {
    assertThat(SlurmConfigWriter.renderInclude(load("")))
        .contains("PrologSlurmctld=/etc/slurm/stratus-boot-wait\n");
    assertThat(SlurmConfigWriter.renderInclude(load("  startJobsOnBoot: false\n")))
        .doesNotContain("PrologSlurmctld");
    assertThat(BootWaitProlog.write(load("  startJobsOnBoot: false\n").config(), dir)).isEmpty();
  }

  @Test
  void thePrologWaitsWhileANodeIsPoweringUpAndEndsOnceItHasBooted() throws Exception {
    Path calls = dir.resolve("calls");
    // POWERING_UP for the first two polls, then booted
    fakeScontrol(
        """
        n=$(($(cat '%1$s' 2>/dev/null || echo 0) + 1)); echo $n > '%1$s'
        [ "$3" = gpu-[001-002] ] || exit 9
        if [ $n -le 2 ]; then echo "NodeName=gpu-001 State=ALLOCATED+CLOUD+POWERING_UP";
        else echo "NodeName=gpu-001 State=ALLOCATED+CLOUD"; fi
        echo "NodeName=gpu-002 State=ALLOCATED+CLOUD"
        """
            .formatted(calls));
    Path prolog = BootWaitProlog.write(load("").config(), dir.resolve("etc")).orElseThrow();

    int exit = run(prolog, Map.of("SLURM_JOB_NODELIST", "gpu-[001-002]"));

    assertThat(exit).isZero();
    assertThat(Files.readString(calls).strip()).isEqualTo("3");
  }

  @Test
  void thePrologPollsLessOftenTheLongerANodeBoots() throws Exception {
    Path calls = dir.resolve("times");
    // POWERING_UP for four polls, then booted; each poll's time in ms
    fakeScontrol(
        """
        date +%%s%%3N >> '%1$s'
        if [ $(wc -l < '%1$s') -le 4 ]; then echo "NodeName=gpu-001 State=IDLE+CLOUD+POWERING_UP";
        else echo "NodeName=gpu-001 State=ALLOCATED+CLOUD"; fi
        """
            .formatted(calls));
    Path prolog = BootWaitProlog.write(load("").config(), dir.resolve("etc")).orElseThrow();

    assertThat(run(prolog, Map.of("SLURM_JOB_NODELIST", "gpu-001"))).isZero();

    long[] t = Files.readAllLines(calls).stream().mapToLong(Long::parseLong).toArray();
    assertThat(t).hasSize(5);
    assertThat(t[1] - t[0]).as("first pause").isGreaterThanOrEqualTo(300);
    assertThat(t[4] - t[3])
        .as("fourth pause, 0.3 s before backing off")
        .isGreaterThanOrEqualTo(2000);
  }

  @Test
  void thePrologNeverFailsTheJobWhenScontrolDoes() throws Exception {
    fakeScontrol("exit 1\n");
    Path prolog = BootWaitProlog.write(load("").config(), dir.resolve("etc")).orElseThrow();

    assertThat(run(prolog, Map.of("SLURM_JOB_NODELIST", "gpu-001"))).isZero();
    assertThat(run(prolog, Map.of())).isZero();
  }

  private void fakeScontrol(String body) throws IOException {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path scontrol = bin.resolve("scontrol");
    Files.writeString(scontrol, "#!/bin/sh\n" + body, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(scontrol, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private static int run(Path prolog, Map<String, String> env) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(prolog.toString()).redirectErrorStream(true);
    pb.environment().clear();
    pb.environment().putAll(env);
    Process p = pb.start();
    p.getInputStream().readAllBytes();
    assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("prolog ended").isTrue();
    return p.exitValue();
  }
}
