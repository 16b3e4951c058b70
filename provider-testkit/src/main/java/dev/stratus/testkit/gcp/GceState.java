package dev.stratus.testkit.gcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The model's cloud: instances per zone, operations, placement policies, and what the test told it
 * (exhausted offerings, instance names that cannot be placed, machine and accelerator types a zone
 * does not have, quotas, one operation failure to come). A {@code requestId} is remembered for 60
 * minutes of the model's clock, as Compute Engine promises no longer. Callers hold the model's
 * lock.
 */
final class GceState {
  static final Pattern NAME = Pattern.compile("[a-z]([-a-z0-9]{0,61}[a-z0-9])?");
  static final Pattern LABEL_KEY = Pattern.compile("[a-z][a-z0-9_-]{0,62}");
  static final Pattern LABEL_VALUE = Pattern.compile("[a-z0-9_-]{0,63}");

  final String project;
  final Map<String, Map<String, ObjectNode>> instances = new TreeMap<>();
  final Map<String, GceOperation> operations = new LinkedHashMap<>();
  static final Duration REQUEST_ID_MEMORY = Duration.ofMinutes(60);
  private final Map<String, Remembered> byRequestId = new LinkedHashMap<>();
  final Map<String, ObjectNode> policies = new TreeMap<>();
  final Set<String> exhausted = new HashSet<>();
  final List<Predicate<String>> unplaceable = new ArrayList<>();
  final List<JsonNode> requests = new ArrayList<>();
  final Map<String, Set<String>> withdrawnTypes = new HashMap<>();
  final Map<String, Set<String>> withdrawnAccelerators = new HashMap<>();
  final GceQuotas quotas = new GceQuotas();
  final GceReservations reservations;
  final Clock clock;
  String[] nextOperationFailure;
  private final AtomicLong ids = new AtomicLong(4_611_686_018_427_387_904L);
  private int addresses = 2;

  /** An operation a {@code requestId} named, and when. */
  private record Remembered(GceOperation operation, Instant at) {}

  GceState(String project, Set<String> zones, Clock clock) {
    this.project = project;
    this.clock = clock;
    this.reservations = new GceReservations(project, zones, clock);
    zones.forEach(z -> instances.put(z, new TreeMap<>()));
  }

  /** The operation an earlier request with this id started, if GCE still remembers it. */
  Optional<GceOperation> remembered(String requestId) {
    Remembered r = requestId == null ? null : byRequestId.get(requestId);
    if (r == null || !clock.instant().isBefore(r.at().plus(REQUEST_ID_MEMORY))) {
      return Optional.empty();
    }
    return Optional.of(r.operation());
  }

  void remember(String requestId, GceOperation op) {
    if (requestId != null) {
      byRequestId.put(requestId, new Remembered(op, clock.instant()));
    }
  }

  boolean offers(String zone, String machineType) {
    return !withdrawnTypes.getOrDefault(zone, Set.of()).contains(machineType);
  }

  static String offering(String zone, String machineType, String provisioningModel) {
    return zone + "/" + machineType + "/" + provisioningModel;
  }

  /**
   * The cloud works on: operations advance, and what ends by the clock ends ({@link GceEndings}).
   */
  void tick() {
    List.copyOf(operations.values()).forEach(GceOperation::tick);
    GceEndings.run(this);
  }

  /**
   * The failure a test or the chaos set for the next instance insert, taken: only inserts fail this
   * way (a capacity or quota error), so no delete or policy call can swallow it.
   */
  String[] takeInsertFailure() {
    String[] f = nextOperationFailure;
    nextOperationFailure = null;
    return f;
  }

  /** An operation; with a failure it ends DONE with that error and without its effect. */
  GceOperation newOperation(
      String scope, String type, String target, Runnable onDone, String[] failure) {
    Runnable effect = failure == null ? onDone : null;
    GceOperation op =
        new GceOperation(
            "operation-" + System.nanoTime() + "-" + operations.size(),
            scope,
            type,
            target,
            effect,
            failure == null ? null : failure[0],
            failure == null ? null : failure[1],
            failure == null ? 0 : Integer.parseInt(failure[2]),
            clock.instant());
    operations.put(op.name, op);
    return op;
  }

  /**
   * Creates instances from one request, all or none: {@code minCount} of {@code names} must be
   * placeable, else none is created and the failure (capacity) is returned.
   */
  String[] create(
      String zone,
      List<String> names,
      JsonNode properties,
      int minCount,
      String base,
      Map<String, int[]> machineTypes) {
    String model = properties.path("scheduling").path("provisioningModel").asText("STANDARD");
    String type = last(properties.path("machineType").asText());
    for (JsonNode a : properties.path("guestAccelerators")) {
      String accelerator = last(a.path("acceleratorType").asText());
      if (withdrawnAccelerators.getOrDefault(zone, Set.of()).contains(accelerator)) {
        return new String[] {
          "RESOURCE_NOT_FOUND",
          "The resource 'projects/"
              + project
              + "/zones/"
              + zone
              + "/acceleratorTypes/"
              + accelerator
              + "' was not found",
          "404"
        };
      }
    }
    Optional<String> reservation = GceReservations.named(properties);
    if (reservation.isPresent()) {
      // Reserved capacity is held, and its quota was charged when it was reserved.
      String[] refused = reservations.refusal(zone, properties, names.size(), instances.get(zone));
      if (refused != null) {
        return refused;
      }
    } else {
      String[] quota =
          quotas.exceeded(
              GceQuotas.region(zone), instances, properties, names.size(), machineTypes);
      if (quota != null) {
        return quota;
      }
      if (exhausted.contains(offering(zone, type, model))) {
        return capacityError(zone, type, properties);
      }
    }
    List<String> placeable =
        names.stream().filter(n -> unplaceable.stream().noneMatch(p -> p.test(n))).toList();
    if (placeable.size() < minCount || placeable.isEmpty()) {
      return capacityError(zone, type, properties);
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
      i.put(
          "creationTimestamp",
          OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.ofHours(-7)).toString());
      i.put("selfLink", base + "/zones/" + zone + "/instances/" + name);
      var nics = i.withArray("networkInterfaces");
      if (nics.isEmpty()) {
        nics.addObject();
      }
      ((ObjectNode) nics.get(0)).put("networkIP", "10.128.0." + addresses++);
      ((ObjectNode) nics.get(0)).put("name", "nic0");
      String cluster = i.path("resourcePolicies").isEmpty() ? "c" + (id % 3) : "c0";
      ObjectNode status = i.putObject("resourceStatus");
      status.put("physicalHost", "/" + cluster + "/" + rack + "/h" + id);
      reservation.ifPresent(
          r ->
              status
                  .putObject("reservationConsumptionInfo")
                  .put("consumedReservation", reservations.consumed(zone, r)));
      JsonNode run = i.path("scheduling").path("maxRunDuration");
      if ("FLEX_START".equals(model) && run.has("seconds")) {
        ((ObjectNode) i.path("scheduling"))
            .put(
                "terminationTime",
                GceTimes.rfc3339(clock.instant().plusSeconds(run.path("seconds").asLong())));
      }
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

  /**
   * What GCE says when the zone cannot place the request: for accelerator-optimized types (and any
   * with GPUs attached) the detailed code naming the VM, else the older zone-wide one.
   */
  private static String[] capacityError(String zone, String type, JsonNode properties) {
    boolean gpus =
        type.startsWith("a2-")
            || type.startsWith("a3-")
            || type.startsWith("g2-")
            || !properties.path("guestAccelerators").isEmpty();
    if (gpus) {
      return new String[] {
        "ZONE_RESOURCE_POOL_EXHAUSTED_WITH_DETAILS",
        "A "
            + type
            + " VM instance is currently unavailable in the "
            + zone
            + " zone. Capacity changes frequently, so try your request in a different zone, with"
            + " a different VM hardware configuration, or at a later time. For more options, see"
            + " troubleshooting documentation.",
        "503"
      };
    }
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
