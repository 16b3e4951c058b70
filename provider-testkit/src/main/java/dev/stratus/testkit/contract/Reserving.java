package dev.stratus.testkit.contract;

import java.time.Instant;

/**
 * Optional harness capability, for a cloud that sells capacity with a window: the cloud model holds
 * a reservation (or block) for this account, and its clock passes the window's end.
 */
public interface Reserving {
  /**
   * Makes the cloud hold a reservation of {@code instances} instances of the harness offering's
   * instance type, region and zone, open from {@code start} to {@code end} (the model's clock is
   * the wall clock: a start in the future is a scheduled block, one in the past an active one).
   * Returns nothing; {@link dev.stratus.api.spi.ReservationAware#reservations} must then list it.
   *
   * @return the cloud's id of the new reservation
   */
  String reserve(Instant start, Instant end, int instances);

  /**
   * The window of the reservation ends now, as the cloud's clock would have it: the cloud marks it
   * expired and ends every instance running in it (EC2 terminates a Capacity Block's instances, GCE
   * deletes a flex or calendar reservation's VMs).
   */
  void endWindow(String reservationId);
}
