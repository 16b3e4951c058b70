package dev.stratus.policy;

import static dev.stratus.policy.Inputs.repeat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityType;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DecisionInputTest {
  @Test
  void aLocationNamedTwiceIsRefused() {
    assertThatThrownBy(
            () ->
                Inputs.job(4, 6)
                    .location("a", 1, 3, repeat(true, 2))
                    .location("a", 1, 3, repeat(true, 2))
                    .build())
        .hasMessageContaining("location a appears twice");
  }

  @Test
  void runningSomewhereUnknownIsRefused() {
    assertThatThrownBy(
            () ->
                Inputs.job(4, 6)
                    .location("a", 1, 3, repeat(true, 2))
                    .running("b", CapacityType.SPOT, 0)
                    .build())
        .hasMessageContaining("runs at b");
  }

  @Test
  void aJobWithMoreWorkLeftThanInAllIsRefused() {
    Instant t = Instant.EPOCH;
    assertThatThrownBy(
            () ->
                new DeadlineJob(
                    t, t.plusSeconds(10), Duration.ofHours(1), Duration.ofHours(2), Duration.ZERO))
        .hasMessageContaining("workLeft PT2H");
  }

  @Test
  void aDeadlineBeforeTheStartIsRefused() {
    Instant t = Instant.EPOCH;
    assertThatThrownBy(
            () -> new DeadlineJob(t, t, Duration.ofHours(1), Duration.ofHours(1), Duration.ZERO))
        .hasMessageContaining("must be after the job's start");
  }

  @Test
  void negativePricesAreRefusedNamingTheLocation() {
    assertThatThrownBy(() -> Inputs.job(4, 6).location("zone-x", -1, 3, repeat(true, 2)))
        .hasMessageContaining("zone-x")
        .hasMessageContaining("-1.0");
  }
}
