package dev.stratus.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The wire form watchers POST: {@code {"instanceId":"i-0abc","kind":"RECLAIM",
 * "deadline":"2026-11-21T12:02:00Z","seenAt":"2026-11-21T12:00:00Z"}}, and the controller's answer
 * to {@code GET /v1/notices/{instanceId}}: {@code {"instanceId":"i-0abc","state":"acting"}}. A bad
 * document is refused with the field named.
 */
public final class NoticeJsonCodec {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String NOTICE = "notice";
  private static final String STATE = "notice state";

  private NoticeJsonCodec() {}

  public static InterruptionNotice parse(String body) {
    JsonNode o = object(NOTICE, body);
    String kind = text(NOTICE, o, "kind");
    InterruptionNotice.Kind k;
    try {
      k = InterruptionNotice.Kind.valueOf(kind);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "notice: kind '" + kind + "' is not RECLAIM, REBALANCE_RECOMMENDATION or MAINTENANCE");
    }
    return new InterruptionNotice(
        text(NOTICE, o, "instanceId"), k, time(o, "deadline"), time(o, "seenAt"));
  }

  public static String write(InterruptionNotice n) {
    return JSON.createObjectNode()
        .put("instanceId", n.instanceId())
        .put("kind", n.kind().name())
        .put("deadline", n.deadline().toString())
        .put("seenAt", n.seenAt().toString())
        .toString();
  }

  public static String writeState(String instanceId, NoticeState state) {
    return JSON.createObjectNode()
        .put("instanceId", instanceId)
        .put("state", state.wireName())
        .toString();
  }

  /** The state in an answer about {@code instanceId}; an answer about another one is refused. */
  public static NoticeState parseState(String instanceId, String body) {
    JsonNode o = object(STATE, body);
    String about = text(STATE, o, "instanceId");
    if (!about.equals(instanceId)) {
      throw new IllegalArgumentException(
          "notice state: about '" + about + "', but '" + instanceId + "' was asked for");
    }
    String state = text(STATE, o, "state");
    for (NoticeState s : NoticeState.values()) {
      if (s.wireName().equals(state)) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "notice state: state '" + state + "' is not acting, released or unknown");
  }

  private static JsonNode object(String what, String body) {
    JsonNode o;
    try {
      o = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(what + ": not JSON: " + e.getOriginalMessage());
    }
    if (o == null || !o.isObject()) {
      throw new IllegalArgumentException(what + ": expected a JSON object");
    }
    return o;
  }

  private static String text(String what, JsonNode o, String field) {
    JsonNode v = o.get(field);
    if (v == null || !v.isTextual() || v.asText().isBlank()) {
      throw new IllegalArgumentException(what + ": field '" + field + "' is missing or not text");
    }
    return v.asText();
  }

  private static Instant time(JsonNode o, String field) {
    try {
      return Instant.parse(text(NOTICE, o, field));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "notice: field '" + field + "' is not an ISO-8601 UTC time: " + o.get(field).asText());
    }
  }
}
