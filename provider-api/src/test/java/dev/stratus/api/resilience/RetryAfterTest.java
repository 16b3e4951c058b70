package dev.stratus.api.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  @Test
  void secondsAreADuration() {
    assertThat(RetryAfter.parse("45", NOW)).hasValue(Duration.ofSeconds(45));
    assertThat(RetryAfter.parse(" 0 ", NOW)).hasValue(Duration.ZERO);
  }

  @Test
  void anHttpDateIsTheTimeLeftUntilItAndNeverNegative() {
    assertThat(RetryAfter.parse("Sat, 21 Nov 2026 12:01:00 GMT", NOW))
        .hasValue(Duration.ofMinutes(1));
    assertThat(RetryAfter.parse("Sat, 21 Nov 2026 11:00:00 GMT", NOW)).hasValue(Duration.ZERO);
  }

  @Test
  void aMissingOrMalformedHeaderIsNoTime() {
    assertThat(RetryAfter.parse(null, NOW)).isEmpty();
    assertThat(RetryAfter.parse("", NOW)).isEmpty();
    assertThat(RetryAfter.parse("-5", NOW)).isEmpty();
    assertThat(RetryAfter.parse("soon", NOW)).isEmpty();
    assertThat(RetryAfter.parse("99999999999999999999999", NOW)).isEmpty();
  }
}
