package dev.stratus.spot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The wire form of a notice between the watcher and the controller: {@code {"instanceId": "i-0abc",
 * "kind": "RECLAIM", "deadline": "2026-11-21T12:02:00Z", "seenAt": "2026-11-21T12:00:00Z"}} (times
 * ISO-8601 UTC).
 */
public final class NoticeJson {
  static final String DOCUMENT = "interruption notice";

  private NoticeJson() {}

  public static String toJson(InterruptionNotice n) {
    ObjectNode o = JsonFields.MAPPER.createObjectNode();
    o.put("instanceId", n.instanceId());
    o.put("kind", n.kind().name());
    o.put("deadline", n.deadline().toString());
    o.put("seenAt", n.seenAt().toString());
    return o.toString();
  }

  /**
   * @throws NoticeFormatException naming the field that is missing or wrong
   */
  public static InterruptionNotice fromJson(String body) {
    JsonFields f = new JsonFields(DOCUMENT);
    JsonNode o = f.object(body);
    String kind = f.text(o, "kind");
    InterruptionNotice.Kind k;
    try {
      k = InterruptionNotice.Kind.valueOf(kind);
    } catch (IllegalArgumentException e) {
      throw f.fail(
          "kind", "'" + kind + "' is not one of RECLAIM, REBALANCE_RECOMMENDATION, MAINTENANCE");
    }
    return new InterruptionNotice(
        f.text(o, "instanceId"), k, f.isoInstant(o, "deadline"), f.isoInstant(o, "seenAt"));
  }
}
