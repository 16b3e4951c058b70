package dev.stratus.wire;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as written in stratus.yaml: one or more number+unit parts ({@code 500ms}, {@code 10s},
 * {@code 5m}, {@code 1h}, {@code 2d}, {@code 1m30s}) or ISO-8601 ({@code PT10S}). A bare number is
 * refused: its unit would be a guess.
 */
public final class Durations {
  private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h|d)");
  private static final Pattern WHOLE = Pattern.compile("(?:\\d+(?:ms|s|m|h|d))+");

  private Durations() {}

  /**
   * @throws IllegalArgumentException naming the text and the accepted forms
   */
  public static Duration parse(String text) {
    String t = text == null ? "" : text.strip();
    if (t.startsWith("P") || t.startsWith("p")) {
      try {
        return Duration.parse(t);
      } catch (DateTimeParseException e) {
        throw bad(text);
      }
    }
    if (!WHOLE.matcher(t).matches()) {
      throw bad(text);
    }
    Duration d = Duration.ZERO;
    Matcher m = PART.matcher(t);
    try {
      while (m.find()) {
        long n = Long.parseLong(m.group(1));
        d =
            d.plus(
                switch (m.group(2)) {
                  case "ms" -> Duration.ofMillis(n);
                  case "s" -> Duration.ofSeconds(n);
                  case "m" -> Duration.ofMinutes(n);
                  case "h" -> Duration.ofHours(n);
                  default -> Duration.ofDays(n);
                });
      }
    } catch (ArithmeticException | NumberFormatException e) {
      throw new IllegalArgumentException("duration '" + text + "' is too large");
    }
    return d;
  }

  private static IllegalArgumentException bad(String text) {
    return new IllegalArgumentException(
        "'"
            + text
            + "' is not a duration (write e.g. 500ms, 10s, 5m, 1h, 1m30s or ISO-8601 PT10S)");
  }
}
