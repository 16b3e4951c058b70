package dev.stratus.testkit.gcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Regional quotas, enforced when instances are created, as Compute Engine enforces them: {@code
 * CPUS} from the machine type's guest CPUs and the GPU metric of its accelerators ({@code
 * NVIDIA_H100_GPUS} for an a3-highgpu-8g), each with a {@code PREEMPTIBLE_} twin for spot. Stopped
 * ({@code TERMINATED}), suspended and deleting instances use none. A metric without a limit is
 * unlimited. An exceeded quota ends the create's operation with {@code QUOTA_EXCEEDED} (HTTP 403).
 */
final class GceQuotas {
  /** GPUs built into accelerator-optimized machine types: metric and count. */
  private static final Map<String, Object[]> BUILT_IN =
      Map.of(
          "a3-highgpu-8g", new Object[] {"NVIDIA_H100_GPUS", 8},
          "a2-highgpu-8g", new Object[] {"NVIDIA_A100_GPUS", 8},
          "a2-ultragpu-8g", new Object[] {"NVIDIA_A100_80GB_GPUS", 8});

  /** Accelerator types attached to N1 machines, to their metric. */
  private static final Map<String, String> ATTACHED =
      Map.of(
          "nvidia-tesla-t4", "NVIDIA_T4_GPUS",
          "nvidia-tesla-v100", "NVIDIA_V100_GPUS",
          "nvidia-l4", "NVIDIA_L4_GPUS");

  private static final Set<String> USING_NONE = Set.of("TERMINATED", "SUSPENDED", "STOPPING");
  private final Map<String, Double> limits = new HashMap<>();

  void limit(String metric, double limit) {
    limits.put(metric, limit);
  }

  static String region(String zone) {
    return zone.substring(0, zone.lastIndexOf('-'));
  }

  /**
   * The operation error ({@code {code, message, httpStatus}}) of creating {@code count} instances
   * with these properties in {@code region}, or null when every quota holds them.
   */
  String[] exceeded(
      String region,
      Map<String, Map<String, ObjectNode>> instances,
      JsonNode properties,
      int count,
      Map<String, int[]> machineTypes) {
    Map<String, Double> used = new HashMap<>();
    instances.forEach(
        (zone, byName) -> {
          if (region(zone).equals(region)) {
            byName.values().stream()
                .filter(i -> !USING_NONE.contains(i.path("status").asText()))
                .forEach(
                    i -> demand(i, machineTypes).forEach((m, n) -> used.merge(m, n, Double::sum)));
          }
        });
    for (Map.Entry<String, Double> wanted : demand(properties, machineTypes).entrySet()) {
      Double limit = limits.get(wanted.getKey());
      double after = used.getOrDefault(wanted.getKey(), 0.0) + wanted.getValue() * count;
      if (limit != null && after > limit) {
        return new String[] {
          "QUOTA_EXCEEDED",
          "Quota '"
              + wanted.getKey()
              + "' exceeded.  Limit: "
              + limit
              + " in region "
              + region
              + ".",
          "403"
        };
      }
    }
    return null;
  }

  /** What one instance with these properties counts against, by metric. */
  private static Map<String, Double> demand(JsonNode i, Map<String, int[]> machineTypes) {
    String model = i.path("scheduling").path("provisioningModel").asText("STANDARD");
    String prefix = model.equals("SPOT") ? "PREEMPTIBLE_" : "";
    String type = GceState.last(i.path("machineType").asText());
    Map<String, Double> out = new LinkedHashMap<>();
    int[] spec = machineTypes.get(type);
    out.put(prefix + "CPUS", spec == null ? 0.0 : spec[0]);
    Object[] gpus = BUILT_IN.get(type);
    if (gpus != null) {
      out.merge(prefix + gpus[0], ((Integer) gpus[1]).doubleValue(), Double::sum);
    }
    for (JsonNode a : i.path("guestAccelerators")) {
      String metric = ATTACHED.get(GceState.last(a.path("acceleratorType").asText()));
      if (metric != null) {
        out.merge(prefix + metric, a.path("acceleratorCount").asDouble(), Double::sum);
      }
    }
    return out;
  }
}
