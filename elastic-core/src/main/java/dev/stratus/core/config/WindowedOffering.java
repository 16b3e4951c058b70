package dev.stratus.core.config;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Checks;
import java.time.Duration;

/**
 * The terms of one offering in stratus.yaml: a {@code reserved} offering names its reservation
 * ({@code reservation: cr-0123...}; its window comes from the cloud, see {@link
 * CapacityReservation#unresolved}), a {@code flex} one its {@code maxRun} and its {@code
 * pricePerHour} (no public table lists flex-start prices); the others have neither.
 */
final class WindowedOffering {
  private WindowedOffering() {}

  static CapacityTerms terms(
      Fields o, CapacityType type, String provider, String region, String instanceType) {
    if (type != CapacityType.RESERVED && o.node("reservation").isPresent()) {
      throw o.error("reservation", "only a capacity: reserved offering names a reservation");
    }
    if (type != CapacityType.FLEX && o.node("maxRun").isPresent()) {
      throw o.error("maxRun", "only a capacity: flex offering has a maxRun");
    }
    return switch (type) {
      case ON_DEMAND, SPOT -> CapacityTerms.OPEN;
      case RESERVED -> {
        if (o.node("reservation").isEmpty()) {
          throw o.error(
              "a capacity: reserved offering needs reservation: <the cloud's id of the reservation"
                  + " or block>");
        }
        String id = o.check("reservation", o.string("reservation"), Checks::notBlank);
        o.check(
            "reservation",
            id,
            (k, v) ->
                CapacityReservation.unresolved(
                    v, provider, region, o.string("zone", ""), instanceType));
        yield new CapacityTerms.Reserved(
            CapacityReservation.unresolved(
                id, provider, region, o.string("zone", ""), instanceType));
      }
      case FLEX -> {
        if (o.node("maxRun").isEmpty()) {
          throw o.error("a capacity: flex offering needs maxRun: <its maximum run, e.g. 4h>");
        }
        if (o.node("pricePerHour").isEmpty()) {
          throw o.error(
              "a capacity: flex offering needs pricePerHour: no bundled table lists flex-start"
                  + " prices");
        }
        Duration maxRun = o.duration("maxRun", Duration.ZERO);
        yield ConfigLoader.build(o, () -> new CapacityTerms.Flex(maxRun));
      }
    };
  }

  /** The reservation a key names: the reserved terms' id, else none. */
  static String reservationOf(CapacityTerms terms) {
    return terms instanceof CapacityTerms.Reserved r ? r.reservation().id() : "";
  }

  /** The bundled table's column a capacity type is priced from (a reservation: on-demand). */
  static CapacityType pricedAs(CapacityType type) {
    return type == CapacityType.SPOT ? CapacityType.SPOT : CapacityType.ON_DEMAND;
  }
}
