package dev.stratus.spot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * removes the named events (they start). A raw document can replace the rendered one.
 */
final class AzureEventsModel extends MetadataModel {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final String vmName;
  private final Map<String, String> events = new LinkedHashMap<>();
  private final List<String> started = new ArrayList<>();
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
    return events.containsKey(eventId);
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
      for (JsonNode s : read(r.getBodyAsString()).path("StartRequests")) {
        String id = s.path("EventId").asText();
        if (events.remove(id) != null) {
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
