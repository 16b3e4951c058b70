package dev.stratus.testkit.azure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/** One answer of the ARM model: status, headers, JSON body (absent for 202/204 without one). */
record ArmReply(int status, Map<String, String> headers, JsonNode body) {
  static final ObjectMapper JSON = new ObjectMapper();

  static ArmReply ok(int status, JsonNode body) {
    return new ArmReply(status, Map.of(), body);
  }

  static ArmReply empty(int status) {
    return new ArmReply(status, Map.of(), null);
  }

  /** ARM's error body: {@code {"error":{"code":..,"message":..}}}. */
  static ArmReply error(int status, String code, String message) {
    return new ArmReply(status, Map.of(), errorBody(code, message));
  }

  static ObjectNode errorBody(String code, String message) {
    ObjectNode root = JSON.createObjectNode();
    root.putObject("error").put("code", code).put("message", message);
    return root;
  }

  ArmReply withHeader(String name, String value) {
    Map<String, String> h = new LinkedHashMap<>(headers);
    h.put(name, value);
    return new ArmReply(status, h, body);
  }
}
