package dev.stratus.spot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.wire.InterruptionNotice;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WatcherLoopTest {
  /** Fails the first rounds it is told to, and stops the loop after a number of rounds. */
  static final class ScriptedWatcher implements NoticeWatcher {
    int rounds;
    int failures;
    int stopAfter;
    WatcherLoop loop;

    @Override
    public List<InterruptionNotice> poll() throws IOException {
      rounds++;
      if (rounds >= stopAfter) {
        loop.stop();
      }
      if (rounds <= failures) {
        throw new IOException("connection refused");
      }
      return List.of();
    }

    @Override
    public Duration pause() {
      return Duration.ofSeconds(5);
    }
  }

  @Test
  void failuresBackOffDoublingUpToTheLimitAndASuccessResetsTheBackoff() {
    ScriptedWatcher w = new ScriptedWatcher();
    w.failures = 5;
    w.stopAfter = 7;
    List<Duration> slept = new ArrayList<>();
    w.loop = new WatcherLoop(w, slept::add, Duration.ofSeconds(4));

    w.loop.run();

    assertThat(slept)
        .containsExactly(
            Duration.ofSeconds(1),
            Duration.ofSeconds(2),
            Duration.ofSeconds(4),
            Duration.ofSeconds(4),
            Duration.ofSeconds(4),
            Duration.ofSeconds(5),
            Duration.ofSeconds(5));
  }

  @Test
  void anInterruptedSleepEndsTheLoop() {
    ScriptedWatcher w = new ScriptedWatcher();
    w.stopAfter = 1_000;
    List<Duration> slept = new ArrayList<>();
    w.loop =
        new WatcherLoop(
            w,
            d -> {
              slept.add(d);
              if (slept.size() == 3) {
                throw new InterruptedException();
              }
            },
            Duration.ofSeconds(4));

    w.loop.run();

    assertThat(w.rounds).isEqualTo(3);
    assertThat(Thread.interrupted()).isTrue(); // the flag is restored for the caller (and cleared)
  }
}
