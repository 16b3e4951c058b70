package dev.stratus.provider.oci;

import com.oracle.bmc.core.model.Instance.LifecycleState;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/** OCI's view of an instance to ours: pure mapping. */
final class OciInstances {
  private OciInstances() {}

  /**
   * An instance launched into a capacity reservation is {@code RESERVED}, naming it, unless the
   * reservation is one a configured offering launches into with {@code capacityReservationId}
   * ({@code offeringReservations}): that instance is the offering's, as the pool names it, so the
   * ledger prices it. The address is left empty: it lives on the VNIC attachment, one more call per
   * instance, and the node registers with its own address.
   */
  static Instance toInstance(
      String region, com.oracle.bmc.core.model.Instance i, Set<String> offeringReservations) {
    String id = i.getCapacityReservationId() == null ? "" : i.getCapacityReservationId();
    String reservation = offeringReservations.contains(id) ? "" : id;
    CapacityType capacity =
        !reservation.isEmpty()
            ? CapacityType.RESERVED
            : i.getPreemptibleInstanceConfig() != null ? CapacityType.SPOT : CapacityType.ON_DEMAND;
    Map<String, String> tags = i.getFreeformTags() == null ? Map.of() : i.getFreeformTags();
    return new Instance(
        i.getId(),
        new OfferingKey(
            OciSettings.PROVIDER,
            region,
            i.getAvailabilityDomain(),
            i.getShape(),
            capacity,
            reservation),
        state(i.getLifecycleState()),
        i.getTimeCreated() == null ? Instant.EPOCH : i.getTimeCreated().toInstant(),
        "",
        tags);
  }

  /**
   * TERMINATING is as good as gone (it costs nothing more); a stopped instance still costs (its
   * boot volume, and a bare-metal GPU shape itself), so it is listed STOPPED for the garbage
   * collector.
   */
  static InstanceState state(LifecycleState s) {
    if (s == null) {
      return InstanceState.PENDING;
    }
    return switch (s) {
      case Running, CreatingImage -> InstanceState.RUNNING;
      case Stopping, Stopped -> InstanceState.STOPPED;
      case Terminating, Terminated -> InstanceState.TERMINATED;
      default -> InstanceState.PENDING;
    };
  }
}
