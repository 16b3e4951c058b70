package dev.stratus.spot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Azure IMDS Scheduled Events: 400 without {@code Metadata: true} or without {@code api-version};
 * the document's incarnation goes up whenever the events change; a {@code POST StartRequests}
 * starts the named scheduled events (they stay listed, {@code EventStatus: Started} with an empty
 * {@code NotBefore}, as Azure lists an event until it is over). A raw document can replace the
 * rendered one.
 */
final class AzureEventsModel extends MetadataModel {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final String vmName;
  private final Map<String, String> events = new LinkedHashMap<>();
  private final List<String> started = new ArrayList<>();
  private int startRequests;
  private int incarnation = 1;
  private String raw;

  AzureEventsModel(String vmName) {
    this.vmName = vmName;
  }

  /** Schedules one event (JSON object with EventId), as Azure would. */
  synchronized void schedule(String eventJson) {
    events.put(read(eventJson).get("EventId").asText(), eventJson);
    incarnation++;
  }

  synchronized void rawDocument(String body) {
    raw = body;
  }

  synchronized List<String> startedEventIds() {
    return List.copyOf(started);
  }

  synchronized boolean isScheduled(String eventId) {
    return events.containsKey(eventId)
        && read(events.get(eventId)).path("EventStatus").asText().equals("Scheduled");
  }

  /** How many {@code POST StartRequests} came, whatever they named. */
  synchronized int startRequests() {
    return startRequests;
  }

  @Override
  synchronized ResponseDefinition answer(LoggedRequest r) {
    if (!"true".equals(r.getHeader("Metadata"))) {
      return status(400, "{\"error\":\"Bad request. Required metadata header not specified\"}");
    }
    if (!r.queryParameter("api-version").isPresent()) {
      return status(
          400, "{\"error\":\"Bad request. api-version was not specified in the request\"}");
    }
    String path = path(r);
    if (path.equals("/metadata/instance/compute/name")) {
      return status(200, vmName);
    }
    if (!path.equals("/metadata/scheduledevents")) {
      return status(404, "");
    }
    if (r.getMethod().getName().equals("POST")) {
      startRequests++;
      for (JsonNode s : read(r.getBodyAsString()).path("StartRequests")) {
        String id = s.path("EventId").asText();
        if (isScheduled(id)) {
          ObjectNode event = (ObjectNode) read(events.get(id));
          events.put(id, event.put("EventStatus", "Started").put("NotBefore", "").toString());
          started.add(id);
          incarnation++;
        }
      }
      return status(200, "");
    }
    if (raw != null) {
      return status(200, raw);
    }
    return status(
        200,
        "{\"DocumentIncarnation\":"
            + incarnation
            + ",\"Events\":["
            + String.join(",", events.values())
            + "]}");
  }

  private static JsonNode read(String json) {
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      throw new IllegalArgumentException("not JSON: " + json, e);
    }
  }
}
