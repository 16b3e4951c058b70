package dev.stratus.testkit.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * One answer of the Lambda model: {@code {"data": ...}} on success, {@code {"error": {"code",
 * "message", "suggestion"}}} on failure, as the Lambda Cloud API documents them.
 */
public record LambdaReply(int status, String body, Map<String, String> headers) {
  public static final ObjectMapper JSON = new ObjectMapper();

  static LambdaReply data(JsonNode data) {
    ObjectNode o = JSON.createObjectNode();
    o.set("data", data);
    return new LambdaReply(200, o.toString(), Map.of());
  }

  static LambdaReply error(int status, String code, String message, String suggestion) {
    ObjectNode o = JSON.createObjectNode();
    ObjectNode e = o.putObject("error").put("code", code).put("message", message);
    if (suggestion != null) {
      e.put("suggestion", suggestion);
    }
    return new LambdaReply(status, o.toString(), Map.of());
  }

  static LambdaReply invalid(String message) {
    return error(400, "global/invalid-parameters", message, null);
  }

  static LambdaReply notFound(String message) {
    return error(404, "global/object-does-not-exist", message, null);
  }
}
