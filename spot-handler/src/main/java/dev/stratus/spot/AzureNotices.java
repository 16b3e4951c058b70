package dev.stratus.spot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.wire.InterruptionNotice;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Pure parser for Azure Scheduled Events ({@code GET /metadata/scheduledevents?api-version=
 * 2020-07-01}, header {@code Metadata: true}) and the acknowledgement body.
 *
 * <p>A document is {@code {"DocumentIncarnation": N, "Events": [...]}}; each event has {@code
 * EventId}, {@code EventType} (Freeze, Reboot, Redeploy, Preempt, Terminate), {@code Resources}
 * (the VM names it concerns: an event may be about another VM of the same availability set or scale
 * set), {@code EventStatus} (Scheduled, Started) and {@code NotBefore} (RFC 1123, e.g. {@code Mon,
 * 19 Sep 2016 18:29:47 GMT}; empty once the event has started).
 *
 * <p>Mapping: Preempt (spot eviction, at least 30 s ahead) is {@link
 * InterruptionNotice.Kind#RECLAIM}; Terminate, Reboot and Redeploy end the running node without
 * being a capacity signal, so they are {@link InterruptionNotice.Kind#MAINTENANCE}; Freeze (a pause
 * of seconds, memory kept) and event types this code does not know give no notice.
 */
public final class AzureNotices {
  static final String DOCUMENT = "azure scheduledevents";
  private static final Set<String> STATUSES = Set.of("Scheduled", "Started");

  /** One event of the document that concerns this VM, with the id its acknowledgement needs. */
  public record AzureEvent(String eventId, String eventType, InterruptionNotice notice) {}

  private AzureNotices() {}

  /**
   * The events in {@code body} that concern {@code vmName} and give a notice, in document order.
   * The whole document is checked first: one malformed event rejects it all.
   *
   * @throws NoticeFormatException naming the event index and field that is wrong
   */
  public static List<AzureEvent> scheduledEvents(String vmName, String body, Instant seenAt) {
    JsonFields f = new JsonFields(DOCUMENT);
    JsonNode doc = f.object(body);
    JsonNode incarnation = doc.get("DocumentIncarnation");
    if (incarnation == null || !incarnation.canConvertToInt()) {
      throw f.fail("DocumentIncarnation", "must be an integer, got " + incarnation);
    }
    JsonNode events = doc.get("Events");
    if (events == null || !events.isArray()) {
      throw f.fail("Events", "must be an array, got " + events);
    }
    List<AzureEvent> out = new ArrayList<>();
    for (int i = 0; i < events.size(); i++) {
      event(i, events.get(i), vmName, seenAt).ifPresent(out::add);
    }
    return List.copyOf(out);
  }

  /** The {@code POST} body that lets Azure start the given events now. */
  public static String startRequests(Collection<String> eventIds) {
    ObjectNode root = JsonFields.MAPPER.createObjectNode();
    ArrayNode list = root.putArray("StartRequests");
    eventIds.forEach(id -> list.addObject().put("EventId", id));
    return root.toString();
  }

  private static Optional<AzureEvent> event(int i, JsonNode e, String vmName, Instant seenAt) {
    JsonFields f = new JsonFields(DOCUMENT + " Events[" + i + "]");
    if (e == null || !e.isObject()) {
      throw f.fail(JsonFields.WHOLE, "is not a JSON object");
    }
    String id = f.text(e, "EventId");
    String type = f.text(e, "EventType");
    String status = f.text(e, "EventStatus");
    if (!STATUSES.contains(status)) {
      throw f.fail("EventStatus", "'" + status + "' is not one of " + STATUSES);
    }
    boolean mine = resources(f, e).stream().anyMatch(vmName::equalsIgnoreCase);
    Instant deadline = notBefore(f, e, status, seenAt);
    Optional<InterruptionNotice.Kind> kind = kind(type);
    if (!mine || kind.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new AzureEvent(id, type, new InterruptionNotice(vmName, kind.get(), deadline, seenAt)));
  }

  private static List<String> resources(JsonFields f, JsonNode e) {
    JsonNode r = e.get("Resources");
    if (r == null || !r.isArray()) {
      throw f.fail("Resources", "must be an array of VM names, got " + r);
    }
    List<String> names = new ArrayList<>();
    for (JsonNode n : r) {
      if (!n.isTextual()) {
        throw f.fail("Resources", "must hold strings, got " + n);
      }
      names.add(n.asText());
    }
    return names;
  }

  /** Started events have an empty NotBefore: the deadline is now. */
  private static Instant notBefore(JsonFields f, JsonNode e, String status, Instant seenAt) {
    String text = f.optionalText(e, "NotBefore");
    if (text.isBlank()) {
      if (status.equals("Started")) {
        return seenAt;
      }
      throw f.fail("NotBefore", "is missing for a Scheduled event");
    }
    try {
      return ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
    } catch (DateTimeParseException ex) {
      throw f.fail(
          "NotBefore", "'" + text + "' is not an RFC 1123 time like Mon, 19 Sep 2016 18:29:47 GMT");
    }
  }

  private static Optional<InterruptionNotice.Kind> kind(String type) {
    switch (type) {
      case "Preempt":
        return Optional.of(InterruptionNotice.Kind.RECLAIM);
      case "Terminate":
      case "Reboot":
      case "Redeploy":
        return Optional.of(InterruptionNotice.Kind.MAINTENANCE);
      default:
        return Optional.empty();
    }
  }
}
