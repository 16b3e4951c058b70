package dev.stratus.policy;

import static dev.stratus.policy.Inputs.time;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class AvailabilityHistoryTest {
  @Test
  void aPooledStepIsAvailableOnlyIfItWasThroughoutAndOnlyWholeStepsCount() {
    var b = AvailabilityHistory.builder();
    for (int i = 0; i <= 20; i++) {
      // Up but for a blip at tick 8 (inside the second 6-tick step) and an outage from 14 to 16.
      b.observe(time(i), i != 8 && (i < 14 || i > 16));
    }
    var pooled = b.snapshot().pooled(Duration.ofMinutes(60));

    // Steps [0,6) up, [6,12) down (the blip), [12,18) down (the outage); [18,24) is not whole.
    assertThat(pooled.runs()).isEqualTo(2);
    assertThat(pooled.runAvailable(0)).isTrue();
    assertThat(pooled.runStart(1)).isEqualTo(time(6));
    assertThat(pooled.runAvailable(1)).isFalse();
    assertThat(pooled.asOf()).isEqualTo(time(12));
    assertThat(AvailabilityHistory.empty().pooled(Duration.ofHours(1)).isEmpty()).isTrue();
    assertThatThrownBy(() -> pooled.pooled(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("step must be > 0");
  }

  @Test
  void observationsOfTheSameStateExtendOneRun() {
    var h =
        AvailabilityHistory.builder()
            .observe(time(0), true)
            .observe(time(1), true)
            .observe(time(2), false)
            .observe(time(3), false)
            .observe(time(4), true)
            .snapshot();
    assertThat(h.runs()).isEqualTo(3);
    assertThat(h.runAvailable(0)).isTrue();
    assertThat(h.runEnd(0)).isEqualTo(time(2));
    assertThat(h.runAvailable(1)).isFalse();
    assertThat(h.runEnd(2)).isEqualTo(time(4));
    assertThat(h.availableAt(time(3))).contains(false);
    assertThat(h.availableAt(time(1).plusSeconds(30))).contains(true);
    assertThat(h.availableAt(time(5))).isEmpty();
  }

  @Test
  void aSnapshotDoesNotSeeLaterObservations() {
    var builder = AvailabilityHistory.builder().observe(time(0), true);
    var early = builder.snapshot();
    for (int i = 1; i < 100; i++) {
      builder.observe(time(i), i % 2 == 0);
    }
    assertThat(early.runs()).isEqualTo(1);
    assertThat(early.asOf()).isEqualTo(time(0));
    assertThat(builder.snapshot().runs()).isEqualTo(100);
  }

  @Test
  void upToKeepsWhatWasObservedByTheCut() {
    var builder = AvailabilityHistory.builder();
    for (int i = 0; i < 10; i++) {
      builder.observe(time(i), i < 4);
    }
    var cut = builder.snapshot().upTo(time(2));
    assertThat(cut.runs()).isEqualTo(1);
    assertThat(cut.asOf()).isEqualTo(time(2));
    assertThat(builder.snapshot().upTo(time(-1)).isEmpty()).isTrue();
  }

  @Test
  void theUnionIsAvailableWhereAnyHistoryIs() {
    var a = AvailabilityHistory.builder();
    var b = AvailabilityHistory.builder();
    for (int i = 0; i < 6; i++) {
      a.observe(time(i), i < 2);
      b.observe(time(i), i >= 3);
    }
    var union = AvailabilityHistory.union(List.of(a.snapshot(), b.snapshot()));
    assertThat(union.availableAt(time(1))).contains(true);
    assertThat(union.availableAt(time(2))).contains(false);
    assertThat(union.availableAt(time(4))).contains(true);
    assertThat(union.runs()).isEqualTo(3);
    assertThat(union.asOf()).isEqualTo(time(5));
  }

  @Test
  void observationsOutOfOrderAreRefusedNamingBothInstants() {
    var builder = AvailabilityHistory.builder().observe(time(5), true);
    assertThatThrownBy(() -> builder.observe(time(4), true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(time(4).toString())
        .hasMessageContaining(time(5).toString());
  }
}
