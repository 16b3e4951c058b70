package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.Duration;
import com.google.cloud.compute.v1.ReservationAffinity;
import com.google.cloud.compute.v1.Scheduling;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.Offering;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * How a VM of an offering is provisioned: its {@code scheduling} and {@code reservationAffinity}.
 * Every GPU VM stops on host maintenance ({@code onHostMaintenance: TERMINATE}).
 *
 * <ul>
 *   <li>on-demand: {@code STANDARD}, restarted after a host error.
 *   <li>spot: {@code SPOT}, deleted (not stopped) when reclaimed, so it never lingers as a disk.
 *   <li>flex: {@code FLEX_START} with {@code maxRunDuration} = the offering's maximum run, deleted
 *       at its end, and {@code NO_RESERVATION}: GCE lets no flex-start VM consume a reservation.
 *   <li>reserved: {@code SPECIFIC_RESERVATION} of the offering's reservation, by name; {@code
 *       RESERVATION_BOUND} and deleted at the window's end when a calendar-mode future reservation
 *       delivered it, else {@code STANDARD}.
 * </ul>
 */
sealed interface GcpProvisioning {
  String RESERVATION_KEY = "compute.googleapis.com/reservation-name";

  Scheduling scheduling();

  default Optional<ReservationAffinity> affinity() {
    return Optional.empty();
  }

  /** {@code bound}: whether a reservation of that name is bound to a calendar window. */
  static GcpProvisioning of(Offering offering, Predicate<String> bound) {
    return switch (offering.capacityType()) {
      case ON_DEMAND -> new Standard();
      case SPOT -> new Spot();
      case FLEX -> new Flex(((CapacityTerms.Flex) offering.terms()).maxRun());
      case RESERVED -> {
        String name = offering.key().reservation();
        yield new Reserved(name, bound.test(name));
      }
    };
  }

  private static Scheduling.Builder base() {
    return Scheduling.newBuilder().setOnHostMaintenance("TERMINATE");
  }

  record Standard() implements GcpProvisioning {
    @Override
    public Scheduling scheduling() {
      return base().setProvisioningModel("STANDARD").setAutomaticRestart(true).build();
    }
  }

  record Spot() implements GcpProvisioning {
    @Override
    public Scheduling scheduling() {
      return base()
          .setProvisioningModel("SPOT")
          .setInstanceTerminationAction("DELETE")
          .setAutomaticRestart(false)
          .build();
    }
  }

  record Flex(java.time.Duration maxRun) implements GcpProvisioning {
    @Override
    public Scheduling scheduling() {
      return base()
          .setProvisioningModel("FLEX_START")
          .setMaxRunDuration(Duration.newBuilder().setSeconds(maxRun.toSeconds()))
          .setInstanceTerminationAction("DELETE")
          .setAutomaticRestart(false)
          .build();
    }

    @Override
    public Optional<ReservationAffinity> affinity() {
      return Optional.of(
          ReservationAffinity.newBuilder().setConsumeReservationType("NO_RESERVATION").build());
    }
  }

  record Reserved(String reservation, boolean bound) implements GcpProvisioning {
    @Override
    public Scheduling scheduling() {
      return bound
          ? base()
              .setProvisioningModel("RESERVATION_BOUND")
              .setInstanceTerminationAction("DELETE")
              .setAutomaticRestart(true)
              .build()
          : new Standard().scheduling();
    }

    @Override
    public Optional<ReservationAffinity> affinity() {
      return Optional.of(
          ReservationAffinity.newBuilder()
              .setConsumeReservationType("SPECIFIC_RESERVATION")
              .setKey(RESERVATION_KEY)
              .addValues(reservation)
              .build());
    }
  }
}
