package dev.stratus.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class InterruptionNoticeTest {
  static final Instant T = Instant.parse("2026-11-21T12:00:00Z");

  @Test
  void timeLeftCountsDownToZeroAndNoFurther() {
    var notice =
        new InterruptionNotice("i-1", InterruptionNotice.Kind.RECLAIM, T.plusSeconds(120), T);

    assertThat(notice.timeLeft(T.plusSeconds(20))).isEqualTo(Duration.ofSeconds(100));
    assertThat(notice.timeLeft(T.plusSeconds(200))).isEqualTo(Duration.ZERO);
  }

  @Test
  void onlyARebalanceRecommendationLeavesTheInstanceRunning() {
    assertThat(new InterruptionNotice("i", InterruptionNotice.Kind.RECLAIM, T, T).endsInstance())
        .isTrue();
    assertThat(
            new InterruptionNotice("i", InterruptionNotice.Kind.REBALANCE_RECOMMENDATION, T, T)
                .endsInstance())
        .isFalse();
  }

  @Test
  void blankInstanceIsRefusedByName() {
    assertThatThrownBy(() -> new InterruptionNotice(" ", InterruptionNotice.Kind.RECLAIM, T, T))
        .hasMessageContaining("instanceId");
  }
}
