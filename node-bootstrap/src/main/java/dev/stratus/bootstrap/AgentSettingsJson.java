package dev.stratus.bootstrap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.bootstrap.gpu.GpuCheck;
import dev.stratus.bootstrap.gpu.GpuCheckJson;
import dev.stratus.bootstrap.health.GpuHealthCheckJson;
import dev.stratus.bootstrap.secret.KeySourceJson;
import dev.stratus.bootstrap.secret.NodeKeyJson;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@link AgentSettings} as JSON, the form of the agent's {@code --settings} file: {@link #parse}
 * reads what {@link #write} writes. Unknown keys are refused so a typo cannot silently fall back; a
 * value of the wrong type is named with its key. The checks of the values themselves are the
 * record's ({@link AgentSettingsRules}).
 */
final class AgentSettingsJson {
  static final Set<String> KNOWN =
      Set.of(
          "nodeName",
          "address",
          "slurmConf",
          "sbinDir",
          "binDir",
          "mungeKeySource",
          "mungeSocket",
          "nodeDir",
          "gpuCount",
          "deviceDir",
          "statusFile",
          "mungeTimeoutMillis",
          "privateNamespaces",
          "gpuCheck",
          "checkController",
          "reportUrl",
          "mungeUser",
          "confServer",
          "nodeKey",
          "controllerCaFile",
          "gpuHealth");

  private AgentSettingsJson() {}

  static AgentSettings parse(String json) {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("settings are not valid JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("settings must be a JSON object");
    }
    List<String> unknown = new ArrayList<>();
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!KNOWN.contains(key)) {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("unknown settings keys " + unknown + "; known: " + KNOWN);
    }
    return new AgentSettings(
        text(root, "nodeName").orElse(null),
        text(root, "address").orElse(""),
        path(root, "slurmConf"),
        path(root, "sbinDir"),
        text(root, "binDir").map(Path::of).orElse(Path.of("/usr/bin")),
        KeySourceJson.parse(root.get("mungeKeySource")),
        path(root, "mungeSocket"),
        path(root, "nodeDir"),
        integer(root, "gpuCount"),
        path(root, "deviceDir"),
        path(root, "statusFile"),
        Duration.ofMillis(
            root.has("mungeTimeoutMillis") ? integer(root, "mungeTimeoutMillis") : 10_000),
        !root.has("privateNamespaces") || bool(root, "privateNamespaces"),
        GpuCheckJson.parse(root.get("gpuCheck")),
        !root.has("checkController") || bool(root, "checkController"),
        text(root, "reportUrl").map(AgentSettingsJson::uri),
        text(root, "mungeUser").orElse(""),
        text(root, "confServer").orElse(""),
        root.has("nodeKey")
            ? Optional.of(NodeKeyJson.parse(root.get("nodeKey")))
            : Optional.empty(),
        text(root, "controllerCaFile").map(Path::of),
        GpuHealthCheckJson.parse(root.get("gpuHealth")));
  }

  static String write(AgentSettings s) {
    var root = new ObjectMapper().createObjectNode();
    root.put("nodeName", s.nodeName());
    root.put("address", s.address());
    if (s.slurmConf() != null) {
      root.put("slurmConf", s.slurmConf().toString());
    }
    if (!s.confServer().isEmpty()) {
      root.put("confServer", s.confServer());
    }
    root.put("sbinDir", s.sbinDir().toString());
    root.put("binDir", s.binDir().toString());
    root.set("mungeKeySource", KeySourceJson.write(s.mungeKeySource()));
    root.put("mungeSocket", s.mungeSocket().toString());
    root.put("nodeDir", s.nodeDir().toString());
    root.put("gpuCount", s.gpuCount());
    root.put("deviceDir", s.deviceDir().toString());
    root.put("statusFile", s.statusFile().toString());
    root.put("mungeTimeoutMillis", s.mungeTimeout().toMillis());
    root.put("privateNamespaces", s.privateNamespaces());
    root.put("checkController", s.checkController());
    s.reportUrl().ifPresent(u -> root.put("reportUrl", u.toString()));
    if (!s.mungeUser().isEmpty()) {
      root.put("mungeUser", s.mungeUser());
    }
    s.nodeKey().ifPresent(k -> root.set("nodeKey", NodeKeyJson.write(k)));
    s.controllerCaFile().ifPresent(p -> root.put("controllerCaFile", p.toString()));
    if (!(s.gpuCheck() instanceof GpuCheck.DeviceFiles)) {
      root.set("gpuCheck", GpuCheckJson.write(s.gpuCheck()));
    }
    if (s.gpuHealth().level() > 0) {
      root.set("gpuHealth", GpuHealthCheckJson.write(s.gpuHealth()));
    }
    return root.toPrettyString();
  }

  private static URI uri(String text) {
    try {
      return new URI(text);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("reportUrl '" + text + "' is not a URL: " + e.getReason());
    }
  }

  private static Optional<String> text(JsonNode root, String field) {
    JsonNode n = root.get(field);
    if (n == null || n.isNull()) {
      return Optional.empty();
    }
    if (!n.isTextual()) {
      throw new IllegalArgumentException(field + " must be a string, got " + n);
    }
    return Optional.of(n.asText());
  }

  private static Path path(JsonNode root, String field) {
    return text(root, field).map(Path::of).orElse(null);
  }

  private static int integer(JsonNode root, String field) {
    JsonNode n = root.get(field);
    if (n == null || !n.canConvertToExactIntegral() || !n.canConvertToInt()) {
      throw new IllegalArgumentException(field + " must be an integer, got " + n);
    }
    return n.asInt();
  }

  private static boolean bool(JsonNode root, String field) {
    JsonNode n = root.get(field);
    if (!n.isBoolean()) {
      throw new IllegalArgumentException(field + " must be true or false, got " + n);
    }
    return n.asBoolean();
  }
}
