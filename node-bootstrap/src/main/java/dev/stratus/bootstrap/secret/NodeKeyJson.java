package dev.stratus.bootstrap.secret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * The {@code nodeKey} settings value:
 *
 * <pre>
 * {"type":"file","path":"/var/lib/stratus/node/keys/node.key"}
 * {"type":"wrapped","wrappingTokenFile":"/run/stratus/node-key-wrap"}
 * {"type":"vault","kvPath":"stratus/node-keys/c1/i-0abc"}
 * </pre>
 *
 * Unknown types and keys are refused, naming them.
 */
public final class NodeKeyJson {
  private static final Map<String, Set<String>> KEYS =
      Map.of(
          "file", Set.of("type", "path"),
          "wrapped", Set.of("type", "wrappingTokenFile"),
          "vault", Set.of("type", "kvPath"));

  private NodeKeyJson() {}

  public static NodeKeySpec parse(JsonNode n) {
    if (n == null || !n.isObject()) {
      throw new IllegalArgumentException("nodeKey must be an object with a type");
    }
    String type = n.path("type").asText("");
    Set<String> known = KEYS.get(type);
    if (known == null) {
      throw new IllegalArgumentException(
          "nodeKey.type must be file, wrapped or vault, got '" + type + "'");
    }
    KeySourceJson.known("nodeKey", n, known, type);
    return switch (type) {
      case "file" -> new NodeKeySpec.FileKey(path(n, "path"));
      case "wrapped" -> new NodeKeySpec.Wrapped(path(n, "wrappingTokenFile"));
      default -> new NodeKeySpec.VaultKv(n.path("kvPath").asText(null));
    };
  }

  public static JsonNode write(NodeKeySpec spec) {
    ObjectNode o = new ObjectMapper().createObjectNode();
    if (spec instanceof NodeKeySpec.FileKey f) {
      o.put("type", "file").put("path", f.path().toString());
    } else if (spec instanceof NodeKeySpec.Wrapped w) {
      o.put("type", "wrapped").put("wrappingTokenFile", w.wrappingTokenFile().toString());
    } else {
      o.put("type", "vault").put("kvPath", ((NodeKeySpec.VaultKv) spec).kvPath());
    }
    return o;
  }

  private static Path path(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException("nodeKey." + field + " must be a path");
    }
    return Path.of(v.asText());
  }
}
