package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CommandRunnerTest {
  private final CommandRunner runner =
      new CommandRunner(
          Map.of("SLURM_CONF", "/x/slurm.conf", "PATH", "/usr/bin:/bin"), Duration.ofSeconds(10));

  @Test
  void theChildSeesExactlyTheGivenEnvironment() {
    CommandRunner.Result result = runner.run(List.of("/usr/bin/env"));

    assertThat(result.ok()).isTrue();
    assertThat(result.stdout().lines())
        .containsExactlyInAnyOrder("SLURM_CONF=/x/slurm.conf", "PATH=/usr/bin:/bin");
  }

  @Test
  void argumentsReachTheProgramUnsplitAndUninterpreted() {
    CommandRunner.Result result =
        runner.run(List.of("/usr/bin/printf", "%s|", "reason=spot gone; $(id) `x` *"));

    assertThat(result.stdout()).isEqualTo("reason=spot gone; $(id) `x` *|");
  }

  @Test
  void aFailingCommandReportsItsExitCodeAndStderr() {
    CommandRunner.Result result =
        runner.run(List.of("/bin/sh", "-c", "echo out; echo bad thing >&2; exit 3"));

    assertThat(result.exitCode()).isEqualTo(3);
    assertThat(result.stdout()).isEqualTo("out\n");
    assertThat(result.stderr()).isEqualTo("bad thing\n");
  }

  @Test
  void aCommandPastItsTimeLimitIsKilledAndReported() {
    CommandRunner quick = new CommandRunner(Map.of(), Duration.ofMillis(300));

    assertThatThrownBy(() -> quick.run(List.of("/bin/sleep", "30")))
        .isInstanceOf(SlurmCommandException.class)
        .hasMessageContaining("/bin/sleep 30")
        .hasMessageContaining("timed out after 300 ms");
  }

  @Test
  void aMissingProgramIsACommandException() {
    assertThatThrownBy(() -> runner.run(List.of("/nonexistent/scontrol", "ping")))
        .isInstanceOf(SlurmCommandException.class)
        .hasMessageContaining("cannot run `/nonexistent/scontrol ping`");
  }

  @Test
  void aReaderGetsTheStdoutOfASuccessfulCommandAsAStream() {
    CommandRunner.Read<Long> read =
        runner.run(
            List.of("/bin/sh", "-c", "head -c 3000000 /dev/zero"),
            in -> in.transferTo(OutputStream.nullOutputStream()));

    assertThat(read.ok()).isTrue();
    assertThat(read.stdout()).isEqualTo(3_000_000L);
  }

  @Test
  void theStdoutOfAFailedCommandIsNotHandedToTheReader() {
    CommandRunner.Read<String> read =
        runner.run(
            List.of("/bin/sh", "-c", "echo half; echo refused >&2; exit 1"),
            in -> {
              throw new AssertionError("read the output of a failed command");
            });

    assertThat(read.exitCode()).isEqualTo(1);
    assertThat(read.stdout()).isNull();
    assertThat(read.stderr()).isEqualTo("refused\n");
  }
}
