package dev.stratus.bootstrap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.Optional;

/**
 * One line of the agent's status file: {@code {"step":"munge-key","ok":true,"at":"..."}}, with a
 * {@code message} when the step failed, or when a step that worked says what it read (the {@code
 * gpu-health} step). The provider reads these lines to say which step broke.
 */
public record StatusLine(String step, boolean ok, Instant at, String message) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public StatusLine {
    if (step == null || step.isBlank()) {
      throw new IllegalArgumentException("step must not be blank");
    }
    if (at == null) {
      throw new IllegalArgumentException("at must be set");
    }
    message = message == null ? "" : message;
  }

  public static StatusLine ok(String step, Instant at) {
    return new StatusLine(step, true, at, "");
  }

  /** A step that worked and says what it found. */
  public static StatusLine ok(String step, Instant at, String message) {
    return new StatusLine(step, true, at, message);
  }

  public static StatusLine failed(String step, Instant at, String message) {
    return new StatusLine(step, false, at, message);
  }

  /** One JSON object on one line (no newline inside: messages are escaped). */
  public String toJson() {
    var node = JSON.createObjectNode();
    node.put("step", step);
    node.put("ok", ok);
    node.put("at", at.toString());
    if (!ok || !message.isEmpty()) {
      node.put("message", message);
    }
    return node.toString();
  }

  /** Parses one line; empty when the line is not a status line (e.g. cut short by a crash). */
  public static Optional<StatusLine> parse(String line) {
    try {
      JsonNode n = JSON.readTree(line);
      if (n == null || !n.hasNonNull("step") || !n.hasNonNull("ok") || !n.hasNonNull("at")) {
        return Optional.empty();
      }
      return Optional.of(
          new StatusLine(
              n.get("step").asText(),
              n.get("ok").asBoolean(),
              Instant.parse(n.get("at").asText()),
              n.path("message").asText("")));
    } catch (JsonProcessingException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
