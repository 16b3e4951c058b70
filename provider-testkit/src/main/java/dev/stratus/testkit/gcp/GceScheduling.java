package dev.stratus.testkit.gcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;

/**
 * The checks GCE makes of a VM's {@code scheduling} and {@code reservationAffinity} before it
 * accepts an insert (HTTP 400 {@code invalid}, nothing created):
 *
 * <ul>
 *   <li>{@code FLEX_START} needs {@code maxRunDuration} of 10 minutes to 7 days, an {@code
 *       instanceTerminationAction} ({@code STOP} or {@code DELETE}), {@code onHostMaintenance:
 *       TERMINATE}, and {@code NO_RESERVATION}: a flex-start VM cannot consume a reservation.
 *   <li>Spot VMs cannot consume a reservation either.
 *   <li>{@code RESERVATION_BOUND} needs a {@code SPECIFIC_RESERVATION} and a termination action.
 *   <li>{@code SPECIFIC_RESERVATION} needs the key {@code compute.googleapis.com/reservation-name}
 *       and one value.
 * </ul>
 */
final class GceScheduling {
  static final long MIN_RUN_SECONDS = 600;
  static final long MAX_RUN_SECONDS = 7 * 24 * 3600;
  private static final Set<String> TERMINATION_ACTIONS = Set.of("STOP", "DELETE");

  private GceScheduling() {}

  /** What is wrong, naming the field under {@code resource} ({@code resource.} or the like). */
  static String problem(JsonNode properties, String resource) {
    JsonNode s = properties.path("scheduling");
    String model = s.path("provisioningModel").asText("STANDARD");
    JsonNode affinity = properties.path("reservationAffinity");
    String consume = affinity.path("consumeReservationType").asText("ANY_RESERVATION");
    String field = resource + "scheduling.";
    if (consume.equals("SPECIFIC_RESERVATION")
        && (!GceReservations.KEY.equals(affinity.path("key").asText())
            || affinity.path("values").size() != 1)) {
      return "Invalid value for field '"
          + resource
          + "reservationAffinity': a SPECIFIC_RESERVATION affinity needs key '"
          + GceReservations.KEY
          + "' and exactly one value.";
    }
    if (model.equals("FLEX_START")) {
      return flexProblem(s, consume, field, resource);
    }
    if (model.equals("SPOT") && consume.equals("SPECIFIC_RESERVATION")) {
      return "Invalid value for field '"
          + resource
          + "reservationAffinity': Spot VMs cannot consume reservations.";
    }
    if (model.equals("RESERVATION_BOUND")) {
      if (!consume.equals("SPECIFIC_RESERVATION")) {
        return "Invalid value for field '"
            + field
            + "provisioningModel': RESERVATION_BOUND VMs must use ReservationAffinity of"
            + " SPECIFIC_RESERVATION.";
      }
      if (!TERMINATION_ACTIONS.contains(s.path("instanceTerminationAction").asText())) {
        return "Required field '" + field + "instanceTerminationAction' not specified";
      }
    }
    return null;
  }

  private static String flexProblem(JsonNode s, String consume, String field, String resource) {
    JsonNode run = s.path("maxRunDuration");
    if (run.isMissingNode()) {
      return "Required field '" + field + "maxRunDuration' not specified";
    }
    long seconds = run.path("seconds").asLong(0);
    if (seconds < MIN_RUN_SECONDS || seconds > MAX_RUN_SECONDS) {
      return "Invalid value for field '"
          + field
          + "maxRunDuration.seconds': '"
          + seconds
          + "'. Must be between 600 (10 minutes) and 604800 (7 days).";
    }
    if (!TERMINATION_ACTIONS.contains(s.path("instanceTerminationAction").asText())) {
      return "Required field '" + field + "instanceTerminationAction' not specified";
    }
    if (!"TERMINATE".equals(s.path("onHostMaintenance").asText())) {
      return "Invalid value for field '"
          + field
          + "onHostMaintenance': FLEX_START VMs must use TERMINATE.";
    }
    if (!consume.equals("NO_RESERVATION")) {
      return "Invalid value for field '"
          + resource
          + "reservationAffinity.consumeReservationType': '"
          + consume
          + "'. FLEX_START VMs must use NO_RESERVATION.";
    }
    return null;
  }
}
