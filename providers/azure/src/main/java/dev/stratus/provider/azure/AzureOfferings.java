package dev.stratus.provider.azure;

import dev.stratus.core.catalog.PriceTable;
import dev.stratus.core.model.CapacityType;
import dev.stratus.core.model.Offering;
import dev.stratus.core.model.OfferingKey;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Parses {@code providers.azure.offerings}: each entry is {@code {instanceType, zone, capacityType,
 * pricePerHour}} where {@code zone} is an Azure zone number ({@code "1"}, {@code "2"}, {@code "3"})
 * or absent for a regional VM, {@code capacityType} is {@code on-demand} (default) or {@code spot},
 * and {@code pricePerHour} overrides the bundled price table. A size missing from {@link
 * AzureCatalog} must also give {@code gpuModel}, {@code gpusPerNode}, {@code cpus} and {@code
 * memoryMiB}.
 */
final class AzureOfferings {
  static final String PROVIDER = "azure";
  private static final Set<String> KNOWN =
      Set.of(
          "instanceType",
          "zone",
          "capacityType",
          "pricePerHour",
          "gpuModel",
          "gpusPerNode",
          "cpus",
          "memoryMiB");

  private AzureOfferings() {}

  static List<Offering> parse(List<?> raw, String location, PriceTable prices) {
    List<Offering> result = new ArrayList<>();
    for (int i = 0; i < raw.size(); i++) {
      String where = "providers.azure.offerings[" + i + "]";
      if (!(raw.get(i) instanceof Map<?, ?> m)) {
        throw new IllegalArgumentException(where + " must be a map, got " + raw.get(i));
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> entry = (Map<String, Object>) m;
      try {
        result.add(one(new SettingsReader(where, entry, KNOWN), entry, location, prices));
      } catch (IllegalArgumentException e) {
        throw e.getMessage().startsWith(where)
            ? e
            : new IllegalArgumentException(where + ": " + e.getMessage(), e);
      }
    }
    return List.copyOf(result);
  }

  private static Offering one(
      SettingsReader r, Map<String, Object> entry, String location, PriceTable prices) {
    String type = r.string("instanceType");
    String zone = entry.get("zone") == null ? "" : String.valueOf(entry.get("zone"));
    if (!zone.isEmpty() && !zone.matches("[1-9]")) {
      throw new IllegalArgumentException("zone must be an Azure zone number 1..9, got " + zone);
    }
    CapacityType capacity = capacity(r.optionalString("capacityType").orElse("on-demand"));
    OfferingKey key = new OfferingKey(PROVIDER, location, zone, type, capacity);
    BigDecimal price =
        entry.get("pricePerHour") != null
            ? new BigDecimal(String.valueOf(entry.get("pricePerHour")))
            : prices
                .price(PROVIDER, location, type, capacity)
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "pricePerHour is required: the price table has no "
                                + capacity.name().toLowerCase(Locale.ROOT)
                                + " price for "
                                + type
                                + " in "
                                + location));
    var size = AzureCatalog.find(type);
    if (size.isPresent()) {
      var s = size.get();
      return new Offering(key, s.gpuModel(), s.gpus(), s.vcpus(), s.memoryMiB(), price);
    }
    return new Offering(
        key,
        r.string("gpuModel"),
        r.optionalInt("gpusPerNode", 1, 64).orElseThrow(() -> missing(type, "gpusPerNode")),
        r.optionalInt("cpus", 1, 4096).orElseThrow(() -> missing(type, "cpus")),
        r.optionalInt("memoryMiB", 1, Integer.MAX_VALUE)
            .orElseThrow(() -> missing(type, "memoryMiB")),
        price);
  }

  private static IllegalArgumentException missing(String type, String key) {
    return new IllegalArgumentException(
        key + " is required: " + type + " is not in the Azure catalog");
  }

  private static CapacityType capacity(String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "on-demand", "on_demand", "ondemand", "regular" -> CapacityType.ON_DEMAND;
      case "spot" -> CapacityType.SPOT;
      default ->
          throw new IllegalArgumentException(
              "capacityType must be on-demand or spot, got " + value);
    };
  }
}
