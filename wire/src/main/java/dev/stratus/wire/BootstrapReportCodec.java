package dev.stratus.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Instant;
import java.util.regex.Pattern;

/**
 * Reads what the agent POSTs: {@code {"node":"gpu-001","step":"gpus","ok":false,"at":"...",
 * "message":"gpu: found 7 of 8 h100; slurmd not started"}} ({@link #write}, which the agent uses).
 * A bad document is refused with a reason that names the field; the message is cut to what a Slurm
 * reason can hold.
 */
public final class BootstrapReportCodec {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]{0,62}");
  private static final int MAX_MESSAGE = 500;

  private BootstrapReportCodec() {}

  /** One step as the agent sends it; {@code message} is left out when the step worked. */
  public static String write(String node, String step, boolean ok, Instant at, String message) {
    var o = JSON.createObjectNode().put("node", node).put("step", step).put("ok", ok);
    o.put("at", at.toString());
    if (!ok) {
      o.put("message", message == null ? "" : message);
    }
    return o.toString();
  }

  public static BootstrapReport parse(String json, String from, Instant receivedAt) {
    JsonNode n;
    try {
      n = JSON.readTree(json);
    } catch (IOException e) {
      throw new IllegalArgumentException("bootstrap report is not JSON");
    }
    if (n == null || !n.isObject()) {
      throw new IllegalArgumentException("bootstrap report must be a JSON object");
    }
    String node = text(n, "node");
    String step = text(n, "step");
    if (!NAME.matcher(node).matches()) {
      throw new IllegalArgumentException(
          "bootstrap report: node '" + node + "' is not a node name");
    }
    if (!NAME.matcher(step).matches()) {
      throw new IllegalArgumentException(
          "bootstrap report: step '" + step + "' is not a step name");
    }
    JsonNode ok = n.get("ok");
    if (ok == null || !ok.isBoolean()) {
      throw new IllegalArgumentException("bootstrap report: ok must be true or false");
    }
    String message = n.path("message").asText("").replaceAll("[\\r\\n\\t]+", " ").strip();
    if (message.length() > MAX_MESSAGE) {
      message = message.substring(0, MAX_MESSAGE) + "...";
    }
    return new BootstrapReport(node, step, ok.asBoolean(), message, from, receivedAt);
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual() || v.asText().isBlank()) {
      throw new IllegalArgumentException("bootstrap report: " + field + " must be a string");
    }
    return v.asText();
  }
}
