package dev.stratus.core.notice;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.core.model.InterruptionNotice;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The wire form watchers POST: {@code {"instanceId":"i-0abc","kind":"RECLAIM",
 * "deadline":"2026-11-21T12:02:00Z","seenAt":"2026-11-21T12:00:00Z"}}. A bad document is refused
 * with the field named.
 */
public final class NoticeJsonCodec {
  private static final ObjectMapper JSON = new ObjectMapper();

  private NoticeJsonCodec() {}

  public static InterruptionNotice parse(String body) {
    JsonNode o;
    try {
      o = JSON.readTree(body);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException("notice: not JSON: " + e.getOriginalMessage());
    }
    if (o == null || !o.isObject()) {
      throw new IllegalArgumentException("notice: expected a JSON object");
    }
    String kind = text(o, "kind");
    InterruptionNotice.Kind k;
    try {
      k = InterruptionNotice.Kind.valueOf(kind);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "notice: kind '" + kind + "' is not RECLAIM, REBALANCE_RECOMMENDATION or MAINTENANCE");
    }
    return new InterruptionNotice(text(o, "instanceId"), k, time(o, "deadline"), time(o, "seenAt"));
  }

  public static String write(InterruptionNotice n) {
    return JSON.createObjectNode()
        .put("instanceId", n.instanceId())
        .put("kind", n.kind().name())
        .put("deadline", n.deadline().toString())
        .put("seenAt", n.seenAt().toString())
        .toString();
  }

  private static String text(JsonNode o, String field) {
    JsonNode v = o.get(field);
    if (v == null || !v.isTextual() || v.asText().isBlank()) {
      throw new IllegalArgumentException("notice: field '" + field + "' is missing or not text");
    }
    return v.asText();
  }

  private static Instant time(JsonNode o, String field) {
    try {
      return Instant.parse(text(o, field));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "notice: field '" + field + "' is not an ISO-8601 UTC time: " + o.get(field).asText());
    }
  }
}
