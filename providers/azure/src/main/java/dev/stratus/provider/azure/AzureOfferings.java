package dev.stratus.provider.azure;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.api.spi.SettingsReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
  static final SettingKeys KEYS =
      SettingKeys.of(
          "instanceType",
          "zone",
          "capacityType",
          "pricePerHour",
          "gpuModel",
          "gpusPerNode",
          "cpus",
          "memoryMiB");

  private AzureOfferings() {}

  /** The offerings of a {@code providers.azure} block. */
  static List<Offering> parse(Map<String, Object> settings, String location, PriceTable prices) {
    List<Offering> result = new ArrayList<>();
    for (SettingsReader entry : AzureSettings.reader(settings).blocks("offerings")) {
      try {
        result.add(one(entry, location, prices));
      } catch (IllegalArgumentException e) {
        throw e.getMessage().startsWith(entry.where())
            ? e
            : new IllegalArgumentException(entry.where() + ": " + e.getMessage(), e);
      }
    }
    return List.copyOf(result);
  }

  private static Offering one(SettingsReader r, String location, PriceTable prices) {
    String type = r.requiredString("instanceType");
    String zone = r.value("zone").map(String::valueOf).orElse("");
    if (!zone.isEmpty() && !zone.matches("[1-9]")) {
      throw r.error("zone", "must be an Azure zone number 1..9, got " + zone);
    }
    CapacityType capacity = r.capacityType("capacityType");
    OfferingKey key = new OfferingKey(PROVIDER, location, zone, type, capacity);
    BigDecimal price =
        r.decimal("pricePerHour")
            .or(() -> prices.price(PROVIDER, location, type, capacity))
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
        r.string("gpuModel").orElseThrow(() -> missing(type, "gpuModel")),
        r.integer("gpusPerNode", 1, 64).orElseThrow(() -> missing(type, "gpusPerNode")),
        r.integer("cpus", 1, 4096).orElseThrow(() -> missing(type, "cpus")),
        r.integer("memoryMiB", 1, Integer.MAX_VALUE).orElseThrow(() -> missing(type, "memoryMiB")),
        price);
  }

  private static IllegalArgumentException missing(String type, String key) {
    return new IllegalArgumentException(
        key + " is required: " + type + " is not in the Azure catalog");
  }
}
