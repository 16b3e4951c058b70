package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentTest extends AgentHarness {
  @Test
  void runsEveryStepInOrderAndStartsSlurmdLast() throws Exception {
    assertThat(runAgent()).isTrue();

    assertThat(status())
        .extracting(StatusLine::step)
        .containsExactly(
            "hostname", "munge-socket", "munge-key", "munged", "controller-auth", "gpus", "slurmd");
    assertThat(status()).allMatch(StatusLine::ok);
    assertThat(programs())
        .containsExactly(
            "/bin/hostname",
            "/bin/mount",
            "/usr/sbin/munged",
            "/usr/bin/munge",
            "/usr/bin/sinfo",
            "/usr/sbin/slurmd");
    assertThat(commands.get(0).argv()).containsExactly("/bin/hostname", "gpu-001");
    assertThat(commands.get(1).argv())
        .containsExactly(
            "/bin/mount",
            "--bind",
            settings.nodeSocketDir().toString(),
            dir.resolve("munge").toString());
  }

  @Test
  void slurmdGetsExactlySlurmConfAndPathAndTheBootFlag() {
    runAgent();

    Command slurmd = commands.get(commands.size() - 1);
    assertThat(slurmd.argv()).containsExactly("/usr/sbin/slurmd", "-b");
    assertThat(slurmd.env())
        .isEqualTo(
            Map.of("SLURM_CONF", settings.slurmConf().toString(), "PATH", Agent.SYSTEM_PATH));
  }

  @Test
  void slurmdsLogDirectoryFromSlurmConfExistsBeforeSlurmdStarts() {
    runAgent();

    assertThat(dir.resolve("slurmd/gpu-001")).isDirectory();
  }

  @Test
  void mungedGetsTheNodesKeyCopyAndTheSharedSocketPathButNeverTheKeyBytes() throws Exception {
    // The key is 0400 like a real one: only root could write it as it is.
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    Files.write(
        key,
        "S3CRET-KEY-BYTES-0123456789abcdef-long-enough".getBytes(),
        StandardOpenOption.TRUNCATE_EXISTING);
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("r--------"));
    runAgent();

    Command munged = commands.get(2);
    assertThat(munged.argv())
        .contains(
            "--key-file=" + settings.keyFile(),
            "--socket=" + settings.mungeSocket(),
            "--origin=10.77.0.11");
    assertThat(commands)
        .allSatisfy(
            c -> {
              assertThat(String.join(" ", c.argv())).doesNotContain("S3CRET");
              assertThat(c.env().values()).noneMatch(v -> v.contains("S3CRET"));
            });
    assertThat(Files.readString(settings.statusFile())).doesNotContain("S3CRET");
  }

  @Test
  void gpuMismatchIsReportedAndSlurmdIsNotStarted() throws Exception {
    gpuProblem = Optional.of("expected 8 GPU devices, found 7");

    assertThat(runAgent()).isFalse();

    StatusLine last = status().get(status().size() - 1);
    assertThat(last.step()).isEqualTo("gpus");
    assertThat(last.ok()).isFalse();
    assertThat(last.message()).contains("found 7").contains("slurmd not started");
    assertThat(programs()).doesNotContain("/usr/sbin/slurmd");
  }

  @Test
  void badKeySourceStopsBeforeMungedStarts() throws Exception {
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-rw-rw-"));

    assertThat(runAgent()).isFalse();

    assertThat(status().get(status().size() - 1))
        .satisfies(l -> assertThat(l.step()).isEqualTo("munge-key"))
        .satisfies(l -> assertThat(l.message()).contains("0666"));
    assertThat(programs()).doesNotContain("/usr/sbin/munged", "/usr/sbin/slurmd");
  }

  @Test
  void refusesToRenameOrRemountTheHostOutsideItsOwnNamespaces() throws Exception {
    privateNamespaces = false;

    assertThat(runAgent()).isFalse();

    assertThat(status())
        .singleElement()
        .satisfies(
            l -> {
              assertThat(l.step()).isEqualTo("hostname");
              assertThat(l.message()).contains("UTS namespace");
            });
    assertThat(commands).isEmpty();
  }

  @Test
  void mungedThatNeverAnswersFailsAfterTheTimeout() throws Exception {
    exitCodes = c -> c.program().endsWith("/munge") ? 1 : 0;

    assertThat(runAgent()).isFalse();

    StatusLine last = status().get(status().size() - 1);
    assertThat(last.step()).isEqualTo("munged");
    assertThat(last.message()).contains("did not answer").contains("2000 ms");
    assertThat(clock.instant()).isAfterOrEqualTo(START.plusSeconds(2));
    assertThat(programs()).doesNotContain("/usr/sbin/slurmd");
  }

  @Test
  void slurmdFailingToStartIsReportedWithItsExitStatus() throws Exception {
    exitCodes = c -> c.program().endsWith("/slurmd") ? 1 : 0;

    assertThat(runAgent()).isFalse();

    StatusLine last = status().get(status().size() - 1);
    assertThat(last.step()).isEqualTo("slurmd");
    assertThat(last.message()).contains("exited with 1");
  }

  @Test
  void controllerRefusingTheMungeCredentialStopsBeforeSlurmdAndNamesTheKey() throws Exception {
    exitCodes = sinfoSays(1, "slurm_load_partitions: Zero Bytes were transmitted or received");

    assertThat(runAgent()).isFalse();

    StatusLine last = status().get(status().size() - 1);
    assertThat(last.step()).isEqualTo("controller-auth");
    assertThat(last.message())
        .contains("slurmctld refused this node's munge credential")
        .contains("munge key")
        .contains("Zero Bytes");
    assertThat(programs().stream().filter(p -> p.endsWith("/sinfo")))
        .hasSize(ControllerAuth.REFUSALS_IN_A_ROW);
    assertThat(programs()).doesNotContain("/usr/sbin/slurmd");
  }

  @Test
  void oneRefusalFromABusyControllerIsAskedAgainAndTheNodeStarts() throws Exception {
    var refusedOnce =
        sinfoSays(1, "slurm_load_partitions: Zero Bytes were transmitted or received");
    int[] asked = {0};
    exitCodes = c -> c.program().endsWith("/sinfo") && asked[0]++ == 0 ? refusedOnce.apply(c) : 0;

    assertThat(runAgent()).isTrue();

    assertThat(programs().stream().filter(p -> p.endsWith("/sinfo"))).hasSize(2);
    assertThat(programs()).contains("/usr/sbin/slurmd");
  }

  @Test
  void controllerNotAnsweringIsRetriedUntilTheTimeout() throws Exception {
    exitCodes =
        sinfoSays(1, "slurm_load_partitions: Unable to contact slurm controller (connect failure)");

    assertThat(runAgent()).isFalse();

    StatusLine last = status().get(status().size() - 1);
    assertThat(last.step()).isEqualTo("controller-auth");
    assertThat(last.message()).contains("did not answer within 30 s").contains("Unable to contact");
    assertThat(programs().stream().filter(p -> p.endsWith("/sinfo")).count()).isGreaterThan(10);
    assertThat(programs()).doesNotContain("/usr/sbin/slurmd");
  }

  @Test
  void sinfoAsksTheControllerThroughTheNodesOwnSlurmConf() {
    runAgent();

    Command sinfo =
        commands.stream().filter(c -> c.program().endsWith("/sinfo")).findFirst().orElseThrow();
    assertThat(sinfo.env())
        .isEqualTo(
            Map.of("SLURM_CONF", settings.slurmConf().toString(), "PATH", Agent.SYSTEM_PATH));
  }
}
