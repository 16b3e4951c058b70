package dev.stratus.testkit.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Scheduled Events of one VM: the document's {@code DocumentIncarnation} goes up whenever the
 * events change; a {@code StartRequests} acknowledgement starts the named events that are {@code
 * Scheduled} (they stay listed, {@code EventStatus: Started} with an empty {@code NotBefore}, as
 * Azure lists an event until it is over). Not thread-safe: its model serialises access.
 */
final class ScheduledEvents {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Map<String, ObjectNode> events = new LinkedHashMap<>();
  private final List<String> started = new ArrayList<>();
  private int startRequests;
  private int incarnation = 1;
  private String raw;

  void schedule(String eventJson) {
    JsonNode event = read(eventJson);
    if (!(event instanceof ObjectNode o) || !event.path("EventId").isTextual()) {
      throw new IllegalArgumentException("not an event with an EventId: " + eventJson);
    }
    events.put(o.get("EventId").asText(), o);
    incarnation++;
  }

  void rawDocument(String body) {
    raw = body;
  }

  List<String> startedEventIds() {
    return List.copyOf(started);
  }

  boolean isScheduled(String eventId) {
    ObjectNode e = events.get(eventId);
    return e != null && e.path("EventStatus").asText().equals("Scheduled");
  }

  int startRequests() {
    return startRequests;
  }

  /** The document a GET answers: the raw one if a test set it. */
  String document() {
    if (raw != null) {
      return raw;
    }
    ObjectNode doc = JSON.createObjectNode().put("DocumentIncarnation", incarnation);
    ArrayNode list = doc.putArray("Events");
    events.values().forEach(list::add);
    return doc.toString();
  }

  /**
   * A {@code POST {"StartRequests":[{"EventId":..}]}}: false when the body is not that shape (IMDS
   * answers 400), else starts the named events that are still scheduled and ignores the others.
   */
  boolean acknowledge(String body) {
    JsonNode requests;
    try {
      requests = JSON.readTree(body == null ? "" : body).path("StartRequests");
    } catch (IOException e) {
      return false;
    }
    if (!requests.isArray()) {
      return false;
    }
    startRequests++;
    for (JsonNode s : requests) {
      String id = s.path("EventId").asText();
      if (isScheduled(id)) {
        events.get(id).put("EventStatus", "Started").put("NotBefore", "");
        started.add(id);
        incarnation++;
      }
    }
    return true;
  }

  private static JsonNode read(String json) {
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      throw new IllegalArgumentException("not JSON: " + json, e);
    }
  }
}
