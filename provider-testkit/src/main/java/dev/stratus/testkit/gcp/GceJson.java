package dev.stratus.testkit.gcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.util.List;

/**
 * Compute Engine's wire format for the model: JSON bodies, int64 fields as strings, and the error
 * body {@code
 * {"error":{"code":..,"message":..,"errors":[{"message":..,"domain":..,"reason":..}]}}}.
 */
final class GceJson {
  static final ObjectMapper JSON = new ObjectMapper();

  private GceJson() {}

  static ObjectNode object() {
    return JSON.createObjectNode();
  }

  static ResponseDefinition ok(Object body) {
    return respond(200, body);
  }

  static ResponseDefinition error(int status, String reason, String message) {
    ObjectNode body = object();
    ObjectNode error = body.putObject("error");
    error.put("code", status);
    error.put("message", message);
    ObjectNode item = error.putArray("errors").addObject();
    item.put("message", message);
    item.put("domain", status == 403 && reason.contains("ateLimit") ? "usageLimits" : "global");
    item.put("reason", reason);
    return respond(status, body);
  }

  /**
   * One page of a zonal list: {@code maxResults} items (at most {@code pageSize}) from {@code
   * token}, and a {@code nextPageToken} while more remain.
   */
  static ObjectNode page(
      String kind, List<? extends JsonNode> all, int pageSize, Request req, int token) {
    String max = GceModel.query(req, "maxResults");
    int size = Math.min(pageSize, max == null ? 500 : Integer.parseInt(max));
    ObjectNode list = object();
    list.put("kind", kind);
    var items = list.putArray("items");
    all.stream().skip(token).limit(size).forEach(items::add);
    if (token + size < all.size()) {
      list.put("nextPageToken", String.valueOf(token + size));
    }
    return list;
  }

  static ResponseDefinition notFound(String resource) {
    return error(404, "notFound", "The resource '" + resource + "' was not found");
  }

  static ResponseDefinition respond(int status, Object body) {
    try {
      return ResponseDefinitionBuilder.responseDefinition()
          .withStatus(status)
          .withHeader("Content-Type", "application/json; charset=UTF-8")
          .withBody(JSON.writeValueAsString(body))
          .build();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
