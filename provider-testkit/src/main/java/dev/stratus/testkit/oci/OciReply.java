package dev.stratus.testkit.oci;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * One answer of the OCI model: status, JSON body and headers. Errors have OCI's shape, {@code
 * {"code": "...", "message": "..."}} (API Errors reference).
 */
record OciReply(int status, String body, Map<String, String> headers) {
  static final ObjectMapper JSON = new ObjectMapper();

  static OciReply ok(JsonNode body) {
    return new OciReply(200, body.toString(), Map.of());
  }

  static OciReply ok(JsonNode body, String nextPage) {
    return nextPage == null
        ? ok(body)
        : new OciReply(200, body.toString(), Map.of("opc-next-page", nextPage));
  }

  static OciReply noContent() {
    return new OciReply(204, "", Map.of());
  }

  static OciReply error(int status, String code, String message) {
    ObjectNode o = JSON.createObjectNode().put("code", code).put("message", message);
    return new OciReply(status, o.toString(), Map.of());
  }

  static OciReply notFound() {
    return error(
        404, "NotAuthorizedOrNotFound", "Authorization failed or requested resource not found.");
  }

  static OciReply invalid(String message) {
    return error(400, "InvalidParameter", message);
  }

  static OciReply outOfCapacity() {
    return error(500, "InternalError", "Out of host capacity.");
  }

  boolean success() {
    return status < 300;
  }
}
