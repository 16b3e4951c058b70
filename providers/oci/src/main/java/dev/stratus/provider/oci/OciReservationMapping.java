package dev.stratus.provider.oci;

import com.oracle.bmc.core.model.ComputeCapacityReservation;
import com.oracle.bmc.core.model.ComputeCapacityReservation.LifecycleState;
import com.oracle.bmc.core.model.InstanceReservationConfig;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.ReservationState;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An OCI compute capacity reservation as Stratus {@link CapacityReservation}s (pure): one per
 * instance reservation config, i.e. per shape (a reservation may hold several), each with that
 * config's reserved count. OCI gives a reservation no end: it holds until deleted. Its window runs
 * from {@code timeCreated} to the instant in its freeform tag {@value #END_TAG}, which the owner
 * sets to the end of what they committed to, or to {@link Instant#MAX} without the tag.
 *
 * <p>States: CREATING, and UPDATING or MOVING (a change in flight: OCI takes launches again once
 * ACTIVE), are {@code PENDING}; ACTIVE is {@code ACTIVE}, or {@code EXPIRED} once the tagged end
 * has passed; DELETING and DELETED are {@code EXPIRED} at or after the tagged end and {@code
 * CANCELLED} before it or without one; FAILED is {@code CANCELLED} (the SDK reads it, like any
 * state it does not know, as {@code UnknownEnumValue}: nothing Stratus may launch into).
 */
final class OciReservationMapping {
  /** The freeform tag that carries the end of a reservation's window (an ISO-8601 instant). */
  static final String END_TAG = "stratus-window-end";

  private OciReservationMapping() {}

  static List<CapacityReservation> toReservations(
      ComputeCapacityReservation r, String region, Instant now) {
    List<CapacityReservation> result = new ArrayList<>();
    Instant start = r.getTimeCreated() == null ? Instant.MIN : r.getTimeCreated().toInstant();
    Instant end = end(r.getFreeformTags());
    List<InstanceReservationConfig> configs =
        r.getInstanceReservationConfigs() == null ? List.of() : r.getInstanceReservationConfigs();
    for (InstanceReservationConfig c : configs) {
      if (c.getInstanceShape() == null || c.getReservedCount() == null) {
        continue;
      }
      result.add(
          new CapacityReservation(
              r.getId(),
              OciSettings.PROVIDER,
              region,
              r.getAvailabilityDomain(),
              c.getInstanceShape(),
              start,
              end,
              Math.toIntExact(c.getReservedCount()),
              state(r.getLifecycleState(), end, now),
              Optional.empty()));
    }
    return result;
  }

  static ReservationState state(LifecycleState s, Instant end, Instant now) {
    boolean ended = !end.equals(Instant.MAX) && !now.isBefore(end);
    if (s == null) {
      return ReservationState.PENDING;
    }
    return switch (s) {
      case Active -> ended ? ReservationState.EXPIRED : ReservationState.ACTIVE;
      case Deleting, Deleted -> ended ? ReservationState.EXPIRED : ReservationState.CANCELLED;
      // FAILED (in the API reference, not in this SDK's enum) and any state newer than the SDK
      case UnknownEnumValue -> ReservationState.CANCELLED;
      case Creating, Updating, Moving -> ReservationState.PENDING;
    };
  }

  /** The tagged end; {@link Instant#MAX} without a tag. */
  static Instant end(Map<String, String> tags) {
    String v = tags == null ? null : tags.get(END_TAG);
    if (v == null) {
      return Instant.MAX;
    }
    try {
      return Instant.parse(v);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "freeform tag " + END_TAG + " must be an ISO-8601 instant, got '" + v + "'", e);
    }
  }
}
