package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.time.Instant;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The KV v2 half of {@link VaultModel} (API docs, "KV secrets engine - version 2"): {@code GET
 * <mount>/data/<path>} needs {@code read} there; {@code POST}/{@code PUT} with {@code
 * {"data":{...}}} needs {@code create} for a new secret, {@code update} for an existing one, and
 * answers the new version; {@code DELETE <mount>/metadata/<path>} needs {@code delete} on the
 * metadata path and removes every version. A refusal is 403 "permission denied"; an absent secret
 * 404 with no errors. Not thread-safe: the model serialises access.
 */
final class KvModel {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What a token may do: the model's policy check for one request. */
  interface Access {
    boolean allows(String path, String capability);
  }

  private final Map<String, Map<String, String>> secrets = new HashMap<>();
  private final Map<String, Integer> versions = new HashMap<>();

  void put(String dataPath, Map<String, String> data) {
    secrets.put(dataPath, Map.copyOf(data));
    versions.merge(dataPath, 1, Integer::sum);
  }

  Map<String, String> get(String dataPath) {
    return secrets.get(dataPath);
  }

  /** The KV request {@code method path} (without {@code /v1/}), or null when it is none. */
  ResponseDefinition route(String method, String path, Access access, JsonNode body, Instant now) {
    if (path.matches("[^/]+/data/.+")) {
      return switch (method) {
        case "GET" -> read(access, path, now);
        case "POST", "PUT" -> write(access, path, body, now);
        default -> null;
      };
    }
    return method.equals("DELETE") && path.matches("[^/]+/metadata/.+")
        ? deleteAll(access, path)
        : null;
  }

  ResponseDefinition read(Access access, String dataPath, Instant now) {
    if (!access.allows(dataPath, "read")) {
      return VaultReplies.error(403, "permission denied");
    }
    Map<String, String> secret = secrets.get(dataPath);
    if (secret == null) {
      return notFound();
    }
    ObjectNode data = JSON.createObjectNode();
    data.set("data", JSON.valueToTree(secret));
    data.set("metadata", metadata(dataPath, now));
    return VaultReplies.ok(VaultReplies.envelope().set("data", data));
  }

  ResponseDefinition write(Access access, String dataPath, JsonNode body, Instant now) {
    String capability = secrets.containsKey(dataPath) ? "update" : "create";
    if (!access.allows(dataPath, capability)) {
      return VaultReplies.error(403, "permission denied");
    }
    JsonNode data = body == null ? null : body.get("data");
    if (data == null || !data.isObject()) {
      return VaultReplies.error(400, "no data provided");
    }
    Map<String, String> values = new HashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = data.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      values.put(e.getKey(), e.getValue().asText());
    }
    put(dataPath, values);
    return VaultReplies.ok(VaultReplies.envelope().set("data", metadata(dataPath, now)));
  }

  ResponseDefinition deleteAll(Access access, String metadataPath) {
    if (!access.allows(metadataPath, "delete")) {
      return VaultReplies.error(403, "permission denied");
    }
    String dataPath = metadataPath.replaceFirst("/metadata/", "/data/");
    secrets.remove(dataPath);
    versions.remove(dataPath);
    return VaultReplies.noContent();
  }

  private ObjectNode metadata(String dataPath, Instant now) {
    ObjectNode meta = JSON.createObjectNode();
    meta.put("created_time", now.toString());
    meta.putNull("custom_metadata");
    meta.put("deletion_time", "");
    meta.put("destroyed", false);
    meta.put("version", versions.getOrDefault(dataPath, 0));
    return meta;
  }

  private static ResponseDefinition notFound() {
    return new ResponseDefinitionBuilder()
        .withStatus(404)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"errors\":[]}")
        .build();
  }
}
