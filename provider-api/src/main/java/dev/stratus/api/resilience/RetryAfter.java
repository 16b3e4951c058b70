package dev.stratus.api.resilience;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The HTTP {@code Retry-After} header (RFC 9110 §10.2.3): a number of seconds or an HTTP-date. ARM
 * sends seconds on a 429 and on every long-running-operation reply; GCE may send it on a 429.
 */
public final class RetryAfter {
  private RetryAfter() {}

  /**
   * How long the server asked to wait, counted from {@code now} for a date; empty when the header
   * is absent or not a valid value (a server's mistake must not stop the call).
   */
  public static Optional<Duration> parse(String header, Instant now) {
    if (header == null || header.isBlank()) {
      return Optional.empty();
    }
    String value = header.strip();
    if (value.chars().allMatch(Character::isDigit)) {
      try {
        return Optional.of(Duration.ofSeconds(Long.parseLong(value)));
      } catch (NumberFormatException tooLarge) {
        return Optional.empty();
      }
    }
    try {
      Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
      Duration left = Duration.between(now, at);
      return Optional.of(left.isNegative() ? Duration.ZERO : left);
    } catch (DateTimeParseException notADate) {
      return Optional.empty();
    }
  }
}
