package dev.stratus.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
  @Test
  void readsEachUnit() {
    assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(Durations.parse("10s")).isEqualTo(Duration.ofSeconds(10));
    assertThat(Durations.parse("5m")).isEqualTo(Duration.ofMinutes(5));
    assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
    assertThat(Durations.parse("2d")).isEqualTo(Duration.ofDays(2));
  }

  @Test
  void addsUpSeveralPartsAndReadsIso8601() {
    assertThat(Durations.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
    assertThat(Durations.parse("PT1M30S")).isEqualTo(Duration.ofSeconds(90));
  }

  @Test
  void refusesABareNumberAnUnknownUnitAndGarbage() {
    for (String bad : new String[] {"10", "10x", "s", "", "1.5s", "PTX"}) {
      assertThatThrownBy(() -> Durations.parse(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'" + bad + "' is not a duration");
    }
  }
}
