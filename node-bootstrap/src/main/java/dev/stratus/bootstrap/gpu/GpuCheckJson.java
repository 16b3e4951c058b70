package dev.stratus.bootstrap.gpu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and writes the {@code gpuCheck} settings value; absent means {@code device-files}.
 *
 * <pre>
 * {"type":"device-files"}
 * {"type":"nvidia-smi","nvidiaSmi":"/usr/bin/nvidia-smi","gpuType":"a100",
 *  "mig":{"a100_3g.20gb":2},"requireEcc":true}
 * </pre>
 *
 * {@code nvidiaSmi} defaults to /usr/bin/nvidia-smi, {@code mig} to none, {@code requireEcc} to
 * true.
 */
public final class GpuCheckJson {
  private static final Set<String> SMI_KEYS =
      Set.of("type", "nvidiaSmi", "gpuType", "mig", "requireEcc");

  private GpuCheckJson() {}

  public static GpuCheck parse(JsonNode n) {
    if (n == null || n.isNull()) {
      return new GpuCheck.DeviceFiles();
    }
    if (!n.isObject() || !n.path("type").isTextual()) {
      throw new IllegalArgumentException("gpuCheck must be an object with a type");
    }
    String type = n.get("type").asText();
    if (type.equals("device-files")) {
      if (n.size() != 1) {
        throw new IllegalArgumentException("gpuCheck of type device-files takes no other keys");
      }
      return new GpuCheck.DeviceFiles();
    }
    if (!type.equals("nvidia-smi")) {
      throw new IllegalArgumentException(
          "gpuCheck.type must be device-files or nvidia-smi, got '" + type + "'");
    }
    List<String> unknown = new ArrayList<>();
    n.fieldNames()
        .forEachRemaining(
            k -> {
              if (!SMI_KEYS.contains(k)) {
                unknown.add(k);
              }
            });
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(
          "unknown gpuCheck keys " + unknown + "; known: " + SMI_KEYS);
    }
    Map<String, Integer> mig = new LinkedHashMap<>();
    JsonNode m = n.path("mig");
    if (!m.isMissingNode() && !m.isObject()) {
      throw new IllegalArgumentException("gpuCheck.mig must be an object of type to count");
    }
    m.fields()
        .forEachRemaining(
            e -> {
              if (!e.getValue().canConvertToExactIntegral() || !e.getValue().canConvertToInt()) {
                throw new IllegalArgumentException(
                    "gpuCheck.mig." + e.getKey() + " must be an integer");
              }
              mig.put(e.getKey(), e.getValue().asInt());
            });
    JsonNode ecc = n.path("requireEcc");
    if (!ecc.isMissingNode() && !ecc.isBoolean()) {
      throw new IllegalArgumentException("gpuCheck.requireEcc must be true or false");
    }
    return new GpuCheck.NvidiaSmi(
        Path.of(n.path("nvidiaSmi").asText("/usr/bin/nvidia-smi")),
        n.path("gpuType").isTextual() ? n.get("gpuType").asText() : null,
        mig,
        ecc.isMissingNode() || ecc.asBoolean());
  }

  public static JsonNode write(GpuCheck check) {
    ObjectNode o = new ObjectMapper().createObjectNode();
    if (check instanceof GpuCheck.NvidiaSmi s) {
      o.put("type", "nvidia-smi");
      o.put("nvidiaSmi", s.binary().toString());
      o.put("gpuType", s.gpuType());
      ObjectNode mig = o.putObject("mig");
      s.migSorted().forEach(mig::put);
      o.put("requireEcc", s.requireEcc());
    } else {
      o.put("type", "device-files");
    }
    return o;
  }
}
