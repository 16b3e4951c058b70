package dev.stratus.provider.gcp;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.ReservationState;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One reserved offering per reservation that is not over (pending, scheduled or active) of a zone
 * and machine type the operator configured: its GPUs and shape from that configured offering, its
 * key naming the reservation, its terms the reservation's window. GCE bills a reservation at the
 * on-demand rate of what it holds, used or not: the configured on-demand price of that machine in
 * that zone, else the bundled table's on-demand price, else the configured offering's price.
 */
final class ReservedOfferings {
  private static final Set<ReservationState> OVER =
      Set.of(ReservationState.EXPIRED, ReservationState.CANCELLED);

  private ReservedOfferings() {}

  static List<Offering> of(
      List<GcpOffering> configured, List<CapacityReservation> reservations, PriceTable table) {
    return reservations.stream()
        .filter(r -> !OVER.contains(r.state()))
        .flatMap(r -> of(configured, r, table).stream())
        .toList();
  }

  private static Optional<Offering> of(
      List<GcpOffering> configured, CapacityReservation r, PriceTable table) {
    OfferingKey key =
        new OfferingKey(
            GcpOffering.PROVIDER,
            r.region(),
            r.zone(),
            r.instanceType(),
            CapacityType.RESERVED,
            r.id());
    return GcpOffering.sameMachine(configured, key)
        .map(
            base -> {
              Offering o = base.offering();
              BigDecimal price =
                  o.capacityType() == CapacityType.ON_DEMAND
                      ? o.pricePerHour()
                      : table
                          .price(
                              GcpOffering.PROVIDER,
                              r.region(),
                              r.instanceType(),
                              CapacityType.ON_DEMAND)
                          .orElse(o.pricePerHour());
              return new Offering(
                  key,
                  o.gpuModel(),
                  o.gpusPerNode(),
                  o.cpus(),
                  o.memoryMiB(),
                  price,
                  PriceOrigin.CONFIGURED,
                  new CapacityTerms.Reserved(r));
            });
  }
}
