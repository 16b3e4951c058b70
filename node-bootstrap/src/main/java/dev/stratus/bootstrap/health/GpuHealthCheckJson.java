package dev.stratus.bootstrap.health;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads and writes the {@code gpuHealth} settings value; absent means level 0.
 *
 * <pre>
 * {"level":1,"timeoutSeconds":10,"nvidiaSmi":"/usr/bin/nvidia-smi","dcgmi":"/usr/bin/dcgmi",
 *  "kernelLog":"/dev/kmsg","diagLevel":1,"requirePersistence":false}
 * </pre>
 *
 * Only {@code level} is required. Defaults: {@code timeoutSeconds} 30, {@code nvidiaSmi}
 * /usr/bin/nvidia-smi, {@code dcgmi} /usr/bin/dcgmi ({@code null}: not installed), {@code
 * kernelLog} /dev/kmsg, {@code diagLevel} 1, {@code requirePersistence} false. Unknown keys are
 * refused.
 */
public final class GpuHealthCheckJson {
  static final Set<String> KEYS =
      Set.of(
          "level",
          "timeoutSeconds",
          "nvidiaSmi",
          "dcgmi",
          "kernelLog",
          "diagLevel",
          "requirePersistence");

  private GpuHealthCheckJson() {}

  public static GpuHealthCheck parse(JsonNode n) {
    if (n == null || n.isNull()) {
      return GpuHealthCheck.inventoryOnly();
    }
    if (!n.isObject()) {
      throw new IllegalArgumentException("gpuHealth must be an object");
    }
    List<String> unknown = new ArrayList<>();
    n.fieldNames()
        .forEachRemaining(
            k -> {
              if (!KEYS.contains(k)) {
                unknown.add(k);
              }
            });
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("unknown gpuHealth keys " + unknown + "; known: " + KEYS);
    }
    if (!n.has("level")) {
      throw new IllegalArgumentException("gpuHealth.level must be set (0, 1 or 2)");
    }
    JsonNode dcgmi = n.get("dcgmi");
    return new GpuHealthCheck(
        integer(n, "level", 0),
        Duration.ofSeconds(
            integer(n, "timeoutSeconds", (int) GpuHealthCheck.DEFAULT_TIMEOUT.toSeconds())),
        path(n, "nvidiaSmi", GpuHealthCheck.DEFAULT_NVIDIA_SMI),
        dcgmi != null && dcgmi.isNull()
            ? Optional.empty()
            : Optional.of(path(n, "dcgmi", GpuHealthCheck.DEFAULT_DCGMI)),
        path(n, "kernelLog", GpuHealthCheck.DEFAULT_KERNEL_LOG),
        integer(n, "diagLevel", 1),
        bool(n, "requirePersistence"));
  }

  public static JsonNode write(GpuHealthCheck c) {
    ObjectNode o = new ObjectMapper().createObjectNode();
    o.put("level", c.level());
    o.put("timeoutSeconds", c.timeout().toSeconds());
    o.put("nvidiaSmi", c.nvidiaSmi().toString());
    if (c.dcgmi().isPresent()) {
      o.put("dcgmi", c.dcgmi().get().toString());
    } else {
      o.putNull("dcgmi");
    }
    o.put("kernelLog", c.kernelLog().toString());
    o.put("diagLevel", c.diagLevel());
    o.put("requirePersistence", c.requirePersistence());
    return o;
  }

  private static int integer(JsonNode n, String field, int dflt) {
    JsonNode v = n.get(field);
    if (v == null) {
      return dflt;
    }
    if (!v.canConvertToExactIntegral() || !v.canConvertToInt()) {
      throw new IllegalArgumentException("gpuHealth." + field + " must be an integer, got " + v);
    }
    return v.asInt();
  }

  private static Path path(JsonNode n, String field, Path dflt) {
    JsonNode v = n.get(field);
    if (v == null) {
      return dflt;
    }
    if (!v.isTextual()) {
      throw new IllegalArgumentException("gpuHealth." + field + " must be a string, got " + v);
    }
    return Path.of(v.asText());
  }

  private static boolean bool(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null) {
      return false;
    }
    if (!v.isBoolean()) {
      throw new IllegalArgumentException("gpuHealth." + field + " must be true or false, got " + v);
    }
    return v.asBoolean();
  }
}
