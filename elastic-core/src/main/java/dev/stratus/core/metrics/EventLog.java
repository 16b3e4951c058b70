package dev.stratus.core.metrics;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LoggingEventBuilder;

/**
 * Structured events, one log line each on the SLF4J logger {@code stratus.events}: {@code
 * event=NAME key=value ...} in the order given, a value with a space, quote or {@code =} in double
 * quotes. Operators route or filter that logger on its own (logback: a {@code <logger
 * name="stratus.events">}). Values are ids, names, numbers and times: never a secret.
 *
 * <p>The same fields also go with each line as SLF4J key-value pairs ({@code event} first), so a
 * JSON encoder writes them as fields of their own (the CLI's {@code stratus.log.format=json}),
 * numbers as numbers; the text layout shows the message alone.
 */
public final class EventLog {
  public static final String LOGGER = "stratus.events";
  private static final Logger log = LoggerFactory.getLogger(LOGGER);

  private EventLog() {}

  /** {@code fields} alternate key, value. */
  public static void emit(String event, Object... fields) {
    if (fields.length % 2 != 0) {
      throw new IllegalArgumentException("event " + event + ": fields must be key, value pairs");
    }
    if (log.isInfoEnabled()) {
      LoggingEventBuilder line = log.atInfo().addKeyValue("event", event);
      for (int i = 0; i < fields.length; i += 2) {
        line = line.addKeyValue(String.valueOf(fields[i]), jsonValue(fields[i + 1]));
      }
      line.log(format(event, fields));
    }
  }

  /** Numbers and booleans stay what they are in a JSON encoder's output; anything else is text. */
  static Object jsonValue(Object v) {
    return v instanceof Number || v instanceof Boolean ? v : String.valueOf(v);
  }

  static String format(String event, Object... fields) {
    StringBuilder line = new StringBuilder("event=").append(event);
    for (int i = 0; i < fields.length; i += 2) {
      line.append(' ').append(fields[i]).append('=').append(value(String.valueOf(fields[i + 1])));
    }
    return line.toString();
  }

  private static String value(String v) {
    if (!v.isEmpty() && v.chars().noneMatch(c -> c == ' ' || c == '"' || c == '=' || c < 0x20)) {
      return v;
    }
    return '"' + v.replace("\\", "\\\\").replace("\"", "\\\"").replaceAll("[\\r\\n\\t]", " ") + '"';
  }
}
