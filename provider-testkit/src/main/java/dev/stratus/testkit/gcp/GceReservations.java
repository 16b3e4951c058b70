package dev.stratus.testkit.gcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The model's reservations and calendar-mode future reservations, per zone, and the rule a VM that
 * names one ({@code reservationAffinity: SPECIFIC_RESERVATION}) must meet: the reservation exists,
 * is {@code READY}, is of the VM's machine type and has room. Refusals are the {@code
 * CONDITION_NOT_MET} operation errors GCE gives. Callers hold the model's lock.
 */
final class GceReservations {
  static final String KEY = "compute.googleapis.com/reservation-name";

  /** Statuses of an instance that holds its reserved slot: stopped and suspended ones do not. */
  private static final Set<String> NOT_CONSUMING =
      Set.of("TERMINATED", "STOPPING", "SUSPENDED", "SUSPENDING");

  final Map<String, Map<String, GceReservation>> reservations = new TreeMap<>();
  final Map<String, Map<String, GceFutureReservation>> future = new TreeMap<>();
  private final String project;
  private final Clock clock;
  private final AtomicLong ids = new AtomicLong(7_000_000_000_000_000_000L);

  GceReservations(String project, Set<String> zones, Clock clock) {
    this.project = project;
    this.clock = clock;
    zones.forEach(
        z -> {
          reservations.put(z, new TreeMap<>());
          future.put(z, new TreeMap<>());
        });
  }

  GceReservation addReservation(String zone, String name, String machineType, int count) {
    GceReservation r =
        new GceReservation(
            zone, name, machineType, count, ids.incrementAndGet(), clock.instant(), null);
    reservations.get(zone).put(name, r);
    return r;
  }

  GceFutureReservation addCalendar(
      String zone, String name, String machineType, int count, Instant start, Instant end) {
    GceFutureReservation f =
        new GceFutureReservation(
            zone, name, machineType, count, start, end, ids.incrementAndGet(), clock.instant());
    future.get(zone).put(name, f);
    return f;
  }

  /**
   * The clock moved: calendar windows that opened deliver their reservation; those that closed end.
   * Returns the reservations ended now, as {@code [zone, name]}, whose VMs are to be deleted.
   */
  List<String[]> tick() {
    Instant now = clock.instant();
    List<String[]> ended = new ArrayList<>();
    future.forEach(
        (zone, byName) ->
            byName
                .values()
                .forEach(
                    f -> {
                      if (!f.delivered
                          && !f.ended
                          && !now.isBefore(f.start)
                          && now.isBefore(f.end)) {
                        deliver(f);
                      }
                      if (f.delivered && !f.ended && !now.isBefore(f.end)) {
                        ended.add(end(f));
                      }
                    }));
    return ended;
  }

  private void deliver(GceFutureReservation f) {
    f.delivered = true;
    f.procurementStatus = "FULFILLED";
    reservations
        .get(f.zone)
        .put(
            f.reservationName,
            new GceReservation(
                f.zone,
                f.reservationName,
                f.machineType,
                f.count,
                ids.incrementAndGet(),
                clock.instant(),
                f.end));
  }

  private String[] end(GceFutureReservation f) {
    f.ended = true;
    reservations.get(f.zone).remove(f.reservationName);
    return new String[] {f.zone, f.reservationName};
  }

  /**
   * Ends the window of the reservation (or the calendar future reservation) named {@code name} now:
   * the reservation is deleted, and its VMs with it. Returns {@code [zone, reservation]}.
   */
  Optional<String[]> endWindow(String name) {
    for (var byName : future.values()) {
      GceFutureReservation f = byName.get(name);
      if (f != null) {
        f.delivered = true;
        f.procurementStatus = "FULFILLED";
        return Optional.of(end(f));
      }
    }
    for (var e : reservations.entrySet()) {
      if (e.getValue().remove(name) != null) {
        return Optional.of(new String[] {e.getKey(), name});
      }
    }
    return Optional.empty();
  }

  /** The reservation a VM's properties name, if they name one ({@code SPECIFIC_RESERVATION}). */
  static Optional<String> named(JsonNode properties) {
    JsonNode affinity = properties.path("reservationAffinity");
    if (!"SPECIFIC_RESERVATION".equals(affinity.path("consumeReservationType").asText())) {
      return Optional.empty();
    }
    return Optional.of(GceState.last(affinity.path("values").path(0).asText()));
  }

  /**
   * Why {@code count} VMs of these properties cannot be created in the reservation they name, as
   * the operation error {@code {code, message, httpStatus}}; null when they can (or name none).
   */
  String[] refusal(
      String zone, JsonNode properties, int count, Map<String, ObjectNode> instancesOfZone) {
    Optional<String> name = named(properties);
    if (name.isEmpty()) {
      return null;
    }
    GceReservation r = reservations.get(zone).get(name.get());
    if (r == null) {
      return conditionNotMet("Specified reservation '" + name.get() + "' does not exist.");
    }
    if (!r.status.equals("READY")) {
      return conditionNotMet(
          "Cannot insert instance to a reservation with status: "
              + r.status
              + ", as it requires reservation to be in READY state.");
    }
    String type = GceState.last(properties.path("machineType").asText());
    if (!type.equals(r.machineType)) {
      return conditionNotMet("No available resources in specified reservations [" + r.name + "].");
    }
    if (inUse(r, instancesOfZone) + count > r.count) {
      return conditionNotMet(
          "Specified reservation '"
              + r.name
              + "' does not have available resources for the request.");
    }
    return null;
  }

  /** What an instance created in reservation {@code name} says it consumes. */
  String consumed(String zone, String name) {
    return GceReservation.path(project, zone, name);
  }

  /** Instances of the zone that hold a slot of {@code r}. */
  long inUse(GceReservation r, Map<String, ObjectNode> instancesOfZone) {
    String path = consumed(r.zone, r.name);
    return instancesOfZone.values().stream()
        .filter(i -> !NOT_CONSUMING.contains(i.path("status").asText()))
        .filter(i -> path.equals(consumedBy(i)))
        .count();
  }

  /** The reservation an instance consumes, as its {@code resourceStatus} names it; "" for none. */
  static String consumedBy(JsonNode instance) {
    return instance
        .path("resourceStatus")
        .path("reservationConsumptionInfo")
        .path("consumedReservation")
        .asText();
  }

  private static String[] conditionNotMet(String message) {
    return new String[] {"CONDITION_NOT_MET", message, "400"};
  }
}
