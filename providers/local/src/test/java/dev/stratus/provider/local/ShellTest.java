package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShellTest {
  @TempDir Path dir;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void aCommandInterruptedWhileItRunsIsWaitedForAndReportsItsRealResult() throws Exception {
    Path made = dir.resolve("made");
    Thread caller = Thread.currentThread();
    Thread interrupter =
        new Thread(
            () -> {
              try {
                Thread.sleep(100);
              } catch (InterruptedException e) {
                return;
              }
              caller.interrupt();
            });
    interrupter.start();

    // As `ip netns add` under a closing controller: the effect happens, so the result must say so.
    Shell.Result r = Shell.run("sh", "-c", "sleep 0.5; touch " + made + "; echo made");
    interrupter.join();

    assertThat(r.ok()).as(r.output()).isTrue();
    assertThat(r.output()).isEqualTo("made");
    assertThat(made).exists();
    assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is kept").isTrue();
  }

  @Test
  void anInterruptedThreadStartsNoCommand() {
    Path made = dir.resolve("made");
    Thread.currentThread().interrupt();

    Shell.Result r = Shell.run("touch", made.toString());

    assertThat(r.ok()).isFalse();
    assertThat(r.output()).contains("interrupted");
    assertThat(Files.exists(made)).isFalse();
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
  }

  @Test
  void aCommandsExitStatusAndOutputAreReported() {
    Shell.Result r = Shell.run("sh", "-c", "echo out; exit 3");

    assertThat(r.exit()).isEqualTo(3);
    assertThat(r.output()).isEqualTo("out");
  }
}
