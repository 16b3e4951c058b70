package dev.stratus.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The JSON of {@link GpuHealthReport}, written by the node's watcher and read by the controller's
 * endpoint with the same code:
 *
 * <pre>{@code
 * {"node":"gpu-001","instanceId":"i-0abc","seenAt":"...","sequence":12,"read":"ok",
 *  "findings":[{"gpu":"00000000:3B:00.0","class":"xid","xid":79,"action":"requeue-now",
 *               "event":true,"detail":"GPU has fallen off the bus"}],
 *  "samples":[{"index":0,"busId":"00000000:3B:00.0","util":0,"memUsedMiB":1,"memTotalMiB":81559}]}
 * }</pre>
 *
 * A bad document is refused with a reason naming the field; nothing of it is taken.
 */
public final class GpuHealthCodec {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern NODE = Pattern.compile("[a-z][a-z0-9_-]{0,62}");

  private GpuHealthCodec() {}

  public static String write(GpuHealthReport r) {
    ObjectNode o = JSON.createObjectNode();
    o.put("node", r.node()).put("instanceId", r.instanceId()).put("seenAt", r.seenAt().toString());
    o.put("sequence", r.sequence()).put("read", r.read().name().toLowerCase(Locale.ROOT));
    ArrayNode findings = o.putArray("findings");
    for (GpuFinding f : r.findings()) {
      ObjectNode n = findings.addObject();
      n.put("gpu", f.gpu()).put("class", f.errorClass()).put("xid", f.xid());
      n.put("action", f.action().wireName()).put("event", f.event()).put("detail", f.detail());
    }
    ArrayNode samples = o.putArray("samples");
    for (GpuSample s : r.samples()) {
      samples
          .addObject()
          .put("index", s.index())
          .put("busId", s.busId())
          .put("util", s.utilizationPercent())
          .put("memUsedMiB", s.memoryUsedMiB())
          .put("memTotalMiB", s.memoryTotalMiB());
    }
    return o.toString();
  }

  public static GpuHealthReport parse(String json) {
    JsonNode n;
    try {
      n = JSON.readTree(json);
    } catch (IOException e) {
      throw new IllegalArgumentException("health report is not JSON");
    }
    if (n == null || !n.isObject()) {
      throw new IllegalArgumentException("health report must be a JSON object");
    }
    String node = text(n, "node");
    if (!NODE.matcher(node).matches()) {
      throw new IllegalArgumentException("health report: node '" + node + "' is not a node name");
    }
    Instant seenAt;
    try {
      seenAt = Instant.parse(text(n, "seenAt"));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("health report: seenAt is not an ISO-8601 instant");
    }
    GpuHealthReport.Read read;
    try {
      read = GpuHealthReport.Read.valueOf(text(n, "read").toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("health report: read must be ok, timed_out or failed");
    }
    try {
      return new GpuHealthReport(
          node,
          text(n, "instanceId"),
          seenAt,
          integer(n, "sequence"),
          read,
          findings(array(n, "findings", GpuHealthReport.MAX_FINDINGS)),
          samples(array(n, "samples", GpuHealthReport.MAX_GPUS)));
    } catch (IllegalArgumentException e) {
      throw e.getMessage().startsWith("health report") ? e : bad(e.getMessage());
    }
  }

  private static List<GpuFinding> findings(List<JsonNode> nodes) {
    List<GpuFinding> out = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      JsonNode f = object(nodes.get(i), "findings[" + i + "]");
      try {
        JsonNode event = f.get("event");
        if (event == null || !event.isBoolean()) {
          throw new IllegalArgumentException("event must be true or false");
        }
        out.add(
            new GpuFinding(
                text(f, "gpu"),
                text(f, "class"),
                (int) integer(f, "xid"),
                HealthAction.fromWire(text(f, "action")),
                event.asBoolean(),
                f.path("detail").asText("")));
      } catch (IllegalArgumentException e) {
        throw bad("findings[" + i + "]: " + e.getMessage());
      }
    }
    return out;
  }

  private static List<GpuSample> samples(List<JsonNode> nodes) {
    List<GpuSample> out = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      JsonNode s = object(nodes.get(i), "samples[" + i + "]");
      try {
        out.add(
            new GpuSample(
                (int) integer(s, "index"),
                s.path("busId").asText(""),
                (int) integer(s, "util"),
                integer(s, "memUsedMiB"),
                integer(s, "memTotalMiB")));
      } catch (IllegalArgumentException e) {
        throw bad("samples[" + i + "]: " + e.getMessage());
      }
    }
    return out;
  }

  private static List<JsonNode> array(JsonNode n, String field, int max) {
    JsonNode a = n.get(field);
    if (a == null) {
      return List.of();
    }
    if (!a.isArray()) {
      throw bad(field + " must be an array");
    }
    if (a.size() > max) {
      throw bad(field + " holds " + a.size() + " entries, at most " + max);
    }
    List<JsonNode> out = new ArrayList<>();
    a.forEach(out::add);
    return out;
  }

  private static JsonNode object(JsonNode n, String where) {
    if (!n.isObject()) {
      throw bad(where + " must be an object");
    }
    return n;
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual() || v.asText().isBlank()) {
      throw bad(field + " must be a string");
    }
    return v.asText();
  }

  private static long integer(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || !v.canConvertToLong() || !v.isIntegralNumber()) {
      throw bad(field + " must be an integer");
    }
    return v.asLong();
  }

  private static IllegalArgumentException bad(String why) {
    return new IllegalArgumentException("health report: " + why);
  }
}
