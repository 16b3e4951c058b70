package dev.stratus.cli;

import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The log format logback.xml picks: the system property {@value #PROPERTY}, else the environment
 * variable {@value #ENV}, else {@code text}. Checked before anything logs, because logback would
 * otherwise fail on an unknown value quietly and log nothing at all.
 */
final class LogFormat {
  static final String PROPERTY = "stratus.log.format";
  static final String ENV = "STRATUS_LOG_FORMAT";
  static final Set<String> FORMATS = Set.of("text", "json");

  private LogFormat() {}

  /** Why the configured format cannot be used, or empty when it can. */
  static Optional<String> problem(Properties system, Map<String, String> env) {
    String property = system.getProperty(PROPERTY);
    String value = property != null ? property : env.get(ENV);
    if (value == null || FORMATS.contains(value)) {
      return Optional.empty();
    }
    String source = property != null ? "-D" + PROPERTY : ENV;
    return Optional.of(source + " must be text or json, got '" + value + "'");
  }
}
