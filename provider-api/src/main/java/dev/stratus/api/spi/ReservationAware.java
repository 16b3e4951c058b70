package dev.stratus.api.spi;

import dev.stratus.api.model.CapacityReservation;
import java.util.List;

/**
 * Optional capability of a {@link NodeProvider} whose cloud sells capacity with a window: the
 * reservations and blocks it holds for this account, as the cloud describes them (EC2 {@code
 * DescribeCapacityReservations}, GCE {@code reservations.list}, ARM {@code
 * capacityReservationGroups}, OCI {@code ListComputeCapacityReservations}).
 *
 * <p>A reserved offering launches with {@link dev.stratus.api.model.OfferingKey#reservation()} as
 * its target; a launch outside the window fails with {@link ProviderError.ReservationClosed}.
 */
public interface ReservationAware {
  /**
   * Every reservation of this account in the provider's regions, whatever its state, each with its
   * window and instance count. Like {@link NodeProvider#offerings} it may be called every pass: the
   * provider caches and refreshes it, and on a failed refresh keeps serving what it had; it throws
   * {@link ProviderException} only when it has never had an answer.
   */
  List<CapacityReservation> reservations();
}
