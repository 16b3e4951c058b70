package dev.stratus.provider.oci;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.api.spi.SettingsReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code providers.oci.offerings}: each entry is {@code {shape, availabilityDomain, capacityType,
 * capacityReservationId?, pricePerHour?}}. The offering's zone is the availability domain. {@code
 * spot} means OCI preemptible capacity, which bare-metal shapes do not offer and which cannot draw
 * on a capacity reservation: both are refused here, naming the rule. A shape outside {@link
 * OciCatalog} gives {@code gpuModel, gpusPerNode, cpus, memoryMiB}. The price defaults to the
 * bundled table (OCI lists one price for every commercial region, so a row of any region serves);
 * preemptible capacity costs half the on-demand price (OCI's compute price list).
 */
final class OciOfferings {
  static final SettingKeys KEYS =
      SettingKeys.of(
          "shape",
          "availabilityDomain",
          "capacityType",
          "capacityReservationId",
          "pricePerHour",
          "gpuModel",
          "gpusPerNode",
          "cpus",
          "memoryMiB");

  /** How an offering launches beyond its key. */
  record Extra(Optional<String> capacityReservationId) {
    static final Extra NONE = new Extra(Optional.empty());
  }

  private final List<Offering> offerings = new ArrayList<>();
  private final Map<String, Extra> extras = new LinkedHashMap<>();

  private OciOfferings() {}

  List<Offering> offerings() {
    return offerings;
  }

  Map<String, Extra> extras() {
    return extras;
  }

  static OciOfferings parse(SettingsReader s, String region, PriceTable prices) {
    OciOfferings result = new OciOfferings();
    for (SettingsReader o : s.blocks("offerings")) {
      Offering offering = one(o, region, prices);
      if (result.extras.containsKey(offering.key().toString())) {
        throw new IllegalArgumentException(
            o.where() + ": " + offering.key() + " is configured twice (one offering per key)");
      }
      result.offerings.add(offering);
      result.extras.put(offering.key().toString(), new Extra(reservation(o)));
    }
    return result;
  }

  private static Offering one(SettingsReader o, String region, PriceTable prices) {
    String shape = o.requiredString("shape");
    String ad = o.requiredString("availabilityDomain");
    CapacityType capacity = o.capacityType("capacityType");
    if (capacity == CapacityType.SPOT && OciCatalog.bareMetal(shape)) {
      throw o.error(
          "capacityType",
          "is spot, but "
              + shape
              + " is bare metal and OCI's preemptible capacity does not support bare-metal"
              + " instances: use on-demand (or a capacity reservation)");
    }
    if (capacity == CapacityType.SPOT && reservation(o).isPresent()) {
      throw o.error(
          "capacityReservationId",
          "cannot be used with spot: OCI preemptible capacity draws on none");
    }
    var known = OciCatalog.find(shape);
    BigDecimal price =
        o.decimal("pricePerHour")
            .or(() -> listPrice(prices, region, shape, capacity))
            .orElseThrow(
                () -> o.error("pricePerHour", "is required: the price table has no " + shape));
    try {
      return new Offering(
          new OfferingKey(OciSettings.PROVIDER, region, ad, shape, capacity),
          o.string("gpuModel").or(() -> known.map(OciCatalog.Shape::gpuModel)).orElse(null),
          o.integer("gpusPerNode", known.map(OciCatalog.Shape::gpus).orElse(0), 0, 64),
          o.integer("cpus", known.map(OciCatalog.Shape::vcpus).orElse(0), 0, 4096),
          o.longInteger(
              "memoryMiB", known.map(OciCatalog.Shape::memoryMiB).orElse(0L), 0, 1L << 40),
          price);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          o.where()
              + ": "
              + e.getMessage()
              + (known.isEmpty()
                  ? " ("
                      + shape
                      + " is not in the catalog: give gpuModel, gpusPerNode, cpus, memoryMiB)"
                  : ""),
          e);
    }
  }

  private static Optional<String> reservation(SettingsReader o) {
    Optional<String> id = o.string("capacityReservationId");
    id.filter(v -> !v.startsWith("ocid1.capacityreservation."))
        .ifPresent(
            v -> {
              throw o.error(
                  "capacityReservationId", "must be a capacity reservation OCID, got " + v);
            });
    return id;
  }

  /** The table's price; preemptible capacity is half the on-demand list price. */
  static Optional<BigDecimal> listPrice(
      PriceTable prices, String region, String shape, CapacityType capacity) {
    Optional<BigDecimal> onDemand =
        prices.listPrice(OciSettings.PROVIDER, region, shape, CapacityType.ON_DEMAND);
    return capacity == CapacityType.SPOT
        ? onDemand.map(p -> p.divide(BigDecimal.valueOf(2)))
        : onDemand;
  }
}
