package dev.stratus.api.model;

/**
 * Where a reservation is in its life, as the clouds report it (EC2 {@code payment-pending}, {@code
 * scheduled}, {@code active}, {@code expired}, {@code cancelled}; GCE and ARM map onto the same).
 * Only an {@link #ACTIVE} one takes launches.
 */
public enum ReservationState {
  /** Bought or requested, not yet confirmed (EC2 {@code payment-pending}). */
  PENDING,
  /** Confirmed, its window not yet open. */
  SCHEDULED,
  ACTIVE,
  /** Its window has closed: the cloud has ended or is ending its instances. */
  EXPIRED,
  CANCELLED
}
