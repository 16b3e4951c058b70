package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessCommandRunnerTest {
  @TempDir Path dir;
  final ProcessCommandRunner runner = new ProcessCommandRunner(AgentMain.tool("perl"));

  int run(Path log, Map<String, String> env, String... argv) throws StepFailedException {
    return runner.run(new Command(List.of(argv), env, log, Duration.ofSeconds(10)));
  }

  @Test
  void childStartsWithAnEmptySignalMaskAlthoughJavaBlocksSigquit() throws Exception {
    Path log = dir.resolve("out.log");

    assertThat(run(log, Map.of(), "/bin/grep", "SigBlk", "/proc/self/status")).isZero();

    assertThat(Files.readString(log).trim()).isEqualTo("SigBlk:\t0000000000000000");
  }

  @Test
  void childGetsExactlyTheCommandsEnvironmentAndDevNullAsStdin() throws Exception {
    Path log = dir.resolve("out.log");

    run(log, Map.of("PATH", "/usr/bin:/bin", "ONLY", "this"), "/usr/bin/env");
    run(log, Map.of(), "/bin/readlink", "/proc/self/fd/0");

    assertThat(Files.readAllLines(log))
        .containsExactly("PATH=/usr/bin:/bin", "ONLY=this", "/dev/null");
  }

  @Test
  void exitStatusIsReturned() throws Exception {
    assertThat(run(null, Map.of(), "/bin/sh", "-c", "exit 3")).isEqualTo(3);
  }

  @Test
  void commandPastItsTimeoutIsKilledAndReported() {
    assertThatThrownBy(
            () ->
                runner.run(
                    new Command(
                        List.of("/bin/sleep", "5"), Map.of(), null, Duration.ofMillis(200))))
        .isInstanceOf(StepFailedException.class)
        .hasMessageContaining("did not exit within 200 ms");
  }
}
