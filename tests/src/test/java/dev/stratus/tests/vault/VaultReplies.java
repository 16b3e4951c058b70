package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.util.UUID;

/** The shapes of Vault's answers: the JSON envelope, {@code {"errors":[...]}}, 204. */
final class VaultReplies {
  private static final ObjectMapper JSON = new ObjectMapper();

  private VaultReplies() {}

  static ObjectNode envelope() {
    ObjectNode o = JSON.createObjectNode();
    o.put("request_id", UUID.randomUUID().toString());
    o.put("lease_id", "");
    o.put("renewable", false);
    o.put("lease_duration", 0);
    o.putNull("data");
    o.putNull("wrap_info");
    o.putNull("warnings");
    o.putNull("auth");
    return o;
  }

  static ResponseDefinition ok(JsonNode body) {
    return new ResponseDefinitionBuilder()
        .withStatus(200)
        .withHeader("Content-Type", "application/json")
        .withBody(body.toString())
        .build();
  }

  static ResponseDefinition error(int status, String message) {
    ObjectNode o = JSON.createObjectNode();
    o.putArray("errors").add(message);
    return new ResponseDefinitionBuilder()
        .withStatus(status)
        .withHeader("Content-Type", "application/json")
        .withBody(o.toString())
        .build();
  }

  static ResponseDefinition noContent() {
    return new ResponseDefinitionBuilder().withStatus(204).build();
  }
}
