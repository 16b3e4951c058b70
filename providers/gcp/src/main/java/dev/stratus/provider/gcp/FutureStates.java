package dev.stratus.provider.gcp;

import dev.stratus.api.model.ReservationState;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link ReservationState} of a GCE reservation ({@code status}) and of a future reservation
 * ({@code status.procurementStatus} with the status of the reservation it delivers). Only a {@code
 * READY} reservation takes VMs, so only that is {@link ReservationState#ACTIVE}.
 */
final class FutureStates {
  private static final Set<String> AWAITING_APPROVAL =
      Set.of("DRAFTING", "PENDING_APPROVAL", "PENDING_AMENDMENT_APPROVAL");
  private static final Set<String> REFUSED = Set.of("DECLINED", "CANCELLED", "FAILED");
  private static final Set<String> DELIVERED = Set.of("FULFILLED", "FAILED_PARTIALLY_FULFILLED");

  private FutureStates() {}

  /**
   * {@code READY}: active; {@code CREATING} and {@code UPDATING}: pending (GCE takes no VM until it
   * is READY again); {@code DELETING}: expired; {@code INVALID}: cancelled.
   */
  static ReservationState ofReservation(String status) {
    return switch (status) {
      case "READY" -> ReservationState.ACTIVE;
      case "DELETING" -> ReservationState.EXPIRED;
      case "INVALID" -> ReservationState.CANCELLED;
      default -> ReservationState.PENDING;
    };
  }

  /**
   * Awaiting approval: pending; declined, cancelled or failed: cancelled; past its end: expired;
   * its reservation READY inside the window: active; approved (or being procured, provisioned)
   * before its reservation is there: scheduled; delivered and its reservation gone again: expired
   * (GCE deletes a calendar reservation at the window's end, and leaves the future reservation
   * FULFILLED).
   */
  static ReservationState of(
      String procurement,
      Optional<String> reservationStatus,
      Instant start,
      Instant end,
      Instant now) {
    if (AWAITING_APPROVAL.contains(procurement)) {
      return ReservationState.PENDING;
    }
    if (REFUSED.contains(procurement)) {
      return ReservationState.CANCELLED;
    }
    if (!now.isBefore(end)) {
      return ReservationState.EXPIRED;
    }
    if (reservationStatus.isPresent()) {
      ReservationState s = ofReservation(reservationStatus.get());
      return s == ReservationState.ACTIVE && now.isBefore(start) ? ReservationState.SCHEDULED : s;
    }
    return DELIVERED.contains(procurement) && !now.isBefore(start)
        ? ReservationState.EXPIRED
        : ReservationState.SCHEDULED;
  }
}
