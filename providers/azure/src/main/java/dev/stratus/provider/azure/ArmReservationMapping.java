package dev.stratus.provider.azure;

import com.azure.resourcemanager.compute.fluent.models.CapacityReservationInner;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.ReservationState;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;

/**
 * An ARM capacity reservation as a Stratus {@link CapacityReservation} (pure). Its id is the
 * reservation's ARM id without the leading {@code /} (a reservation id starts with a letter or
 * digit); the VMs launch into its group, the id's parent ({@link #groupArmId}). The window is the
 * cloud's own where it has one — a Block reservation's {@code scheduleProfile} start and end — and
 * otherwise from {@code timeCreated} to {@link Instant#MAX}: a Targeted reservation lasts until it
 * is deleted.
 *
 * <p>States: {@code Creating} is {@code PENDING}; {@code Succeeded} (or {@code Updating}, which
 * keeps taking VMs) is {@code SCHEDULED} before the start, {@code ACTIVE} inside the window and
 * {@code EXPIRED} after the end; {@code Deleting} is {@code EXPIRED} once the end has passed and
 * {@code CANCELLED} before it (someone deleted it early), as are {@code Failed} and {@code
 * Canceled}: none of those takes a VM again.
 */
final class ArmReservationMapping {
  static final String MEMBERS = "/capacityReservations/";

  private ArmReservationMapping() {}

  /** Empty for an answer that cannot be a reservation (no id, no size, no capacity). */
  static Optional<CapacityReservation> toReservation(
      CapacityReservationInner r, String location, Instant now) {
    if (r.id() == null || r.sku() == null || r.sku().name() == null || r.sku().capacity() == null) {
      return Optional.empty();
    }
    Instant created = r.timeCreated() == null ? Instant.MIN : r.timeCreated().toInstant();
    Instant start = created;
    Instant end = Instant.MAX;
    if (r.scheduleProfile() != null && r.scheduleProfile().end() != null) {
      start = Optional.ofNullable(r.scheduleProfile().start()).map(s -> instant(s)).orElse(created);
      end = instant(r.scheduleProfile().end());
    }
    String zone = r.zones() == null || r.zones().isEmpty() ? "" : r.zones().get(0);
    return Optional.of(
        new CapacityReservation(
            r.id().startsWith("/") ? r.id().substring(1) : r.id(),
            AzureOfferings.PROVIDER,
            location,
            zone,
            r.sku().name(),
            start,
            end,
            Math.toIntExact(r.sku().capacity()),
            state(r.provisioningState(), start, end, now),
            Optional.empty()));
  }

  static ReservationState state(String provisioningState, Instant start, Instant end, Instant now) {
    String s = provisioningState == null ? "" : provisioningState.toLowerCase(Locale.ROOT);
    boolean ended = !now.isBefore(end);
    return switch (s) {
      case "creating" -> ReservationState.PENDING;
      case "deleting" -> ended ? ReservationState.EXPIRED : ReservationState.CANCELLED;
      case "failed", "canceled" -> ReservationState.CANCELLED;
      default ->
          now.isBefore(start)
              ? ReservationState.SCHEDULED
              : ended ? ReservationState.EXPIRED : ReservationState.ACTIVE;
    };
  }

  /**
   * A reservation the last listing no longer shows: gone at or after its end is {@code EXPIRED},
   * before it (or without one: a Targeted reservation is only ever ended by a delete) {@code
   * CANCELLED}.
   */
  static CapacityReservation vanished(CapacityReservation last, Instant now) {
    boolean ended = !last.end().equals(Instant.MAX) && !now.isBefore(last.end());
    return last.withState(ended ? ReservationState.EXPIRED : ReservationState.CANCELLED);
  }

  /** The ARM id of the group a reservation id (ours or ARM's) belongs to. */
  static Optional<String> groupArmId(String reservationId) {
    int at = reservationId.toLowerCase(Locale.ROOT).indexOf(MEMBERS.toLowerCase(Locale.ROOT));
    if (at <= 0
        || !reservationId.toLowerCase(Locale.ROOT).contains("/capacityreservationgroups/")) {
      return Optional.empty();
    }
    String group = reservationId.substring(0, at);
    return Optional.of(group.startsWith("/") ? group : "/" + group);
  }

  /** A schedule bound: a date (its start, UTC, as ARM documents it) or a date-time. */
  static Instant instant(String s) {
    try {
      return s.length() == 10
          ? LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant()
          : OffsetDateTime.parse(s).toInstant();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("scheduleProfile bound '" + s + "' is no date", e);
    }
  }
}
