package dev.stratus.tests.cloud.gcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The model's cloud: instances per zone, operations, placement policies, and what the test told it
 * (exhausted offerings, instance names that cannot be placed, one operation failure to come).
 * Callers hold the model's lock.
 */
final class GceState {
  static final Pattern NAME = Pattern.compile("[a-z]([-a-z0-9]{0,61}[a-z0-9])?");
  static final Pattern LABEL_KEY = Pattern.compile("[a-z][a-z0-9_-]{0,62}");
  static final Pattern LABEL_VALUE = Pattern.compile("[a-z0-9_-]{0,63}");

  final String project;
  final Map<String, Map<String, ObjectNode>> instances = new TreeMap<>();
  final Map<String, GceOperation> operations = new LinkedHashMap<>();
  final Map<String, GceOperation> byRequestId = new LinkedHashMap<>();
  final Map<String, ObjectNode> policies = new TreeMap<>();
  final Set<String> exhausted = new java.util.HashSet<>();
  final List<Predicate<String>> unplaceable = new ArrayList<>();
  final List<JsonNode> requests = new ArrayList<>();
  String[] nextOperationFailure;
  private final AtomicLong ids = new AtomicLong(4_611_686_018_427_387_904L);
  private int addresses = 2;

  GceState(String project, Set<String> zones) {
    this.project = project;
    zones.forEach(z -> instances.put(z, new TreeMap<>()));
  }

  static String offering(String zone, String machineType, String provisioningModel) {
    return zone + "/" + machineType + "/" + provisioningModel;
  }

  void tick() {
    List.copyOf(operations.values()).forEach(GceOperation::tick);
  }

  GceOperation operation(
      String scope, String type, String target, Runnable onDone, String[] failure) {
    String[] f = failure;
    if (f == null && nextOperationFailure != null) {
      f = nextOperationFailure;
      nextOperationFailure = null;
    }
    Runnable effect = f == null ? onDone : null;
    GceOperation op =
        new GceOperation(
            "operation-" + System.nanoTime() + "-" + operations.size(),
            scope,
            type,
            target,
            effect,
            f == null ? null : f[0],
            f == null ? null : f[1],
            f == null ? 0 : Integer.parseInt(f[2]));
    operations.put(op.name, op);
    return op;
  }

  /**
   * Creates instances from one request, all or none: {@code minCount} of {@code names} must be
   * placeable, else none is created and the failure (capacity) is returned.
   */
  String[] create(String zone, List<String> names, JsonNode properties, int minCount, String base) {
    String model = properties.path("scheduling").path("provisioningModel").asText("STANDARD");
    String type = last(properties.path("machineType").asText());
    if (exhausted.contains(offering(zone, type, model))) {
      return capacityError(zone);
    }
    List<String> placeable =
        names.stream().filter(n -> unplaceable.stream().noneMatch(p -> p.test(n))).toList();
    if (placeable.size() < minCount || placeable.isEmpty()) {
      return capacityError(zone);
    }
    String rack = "r" + (1 + instances.get(zone).size() % 4);
    for (String name : placeable) {
      ObjectNode i = properties.deepCopy();
      long id = ids.incrementAndGet();
      i.put("kind", "compute#instance");
      i.put("id", Long.toUnsignedString(id));
      i.put("name", name);
      i.put("zone", base + "/zones/" + zone);
      i.put("machineType", base + "/zones/" + zone + "/machineTypes/" + type);
      i.put("status", "PROVISIONING");
      i.put("creationTimestamp", OffsetDateTime.now(ZoneOffset.ofHours(-7)).toString());
      i.put("selfLink", base + "/zones/" + zone + "/instances/" + name);
      var nics = i.withArray("networkInterfaces");
      if (nics.isEmpty()) {
        nics.addObject();
      }
      ((ObjectNode) nics.get(0)).put("networkIP", "10.128.0." + addresses++);
      ((ObjectNode) nics.get(0)).put("name", "nic0");
      String cluster = i.path("resourcePolicies").isEmpty() ? "c" + (id % 3) : "c0";
      i.putObject("resourceStatus").put("physicalHost", "/" + cluster + "/" + rack + "/h" + id);
      instances.get(zone).put(name, i);
    }
    return null;
  }

  void running(String zone, List<String> names) {
    names.forEach(
        n -> {
          ObjectNode i = instances.get(zone).get(n);
          if (i != null && "PROVISIONING".equals(i.path("status").asText())) {
            i.put("status", "RUNNING");
          }
        });
  }

  boolean policyInUse(String name) {
    return instances.values().stream()
        .flatMap(m -> m.values().stream())
        .anyMatch(
            i -> {
              for (JsonNode p : i.path("resourcePolicies")) {
                if (last(p.asText()).equals(name)) {
                  return true;
                }
              }
              return false;
            });
  }

  private static String[] capacityError(String zone) {
    return new String[] {
      "ZONE_RESOURCE_POOL_EXHAUSTED",
      "The zone 'projects/p/zones/"
          + zone
          + "' does not have enough resources available to fulfill the request.  Try a"
          + " different zone, or try again later.",
      "503"
    };
  }

  static String last(String url) {
    return url.substring(url.lastIndexOf('/') + 1);
  }
}
