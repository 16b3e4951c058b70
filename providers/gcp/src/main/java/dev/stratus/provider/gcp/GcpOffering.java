package dev.stratus.provider.gcp;

import static dev.stratus.core.model.Checks.notNull;

import dev.stratus.core.catalog.PriceTable;
import dev.stratus.core.model.CapacityType;
import dev.stratus.core.model.Offering;
import dev.stratus.core.model.OfferingKey;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One configured offering and what launching it needs beyond the {@link Offering}: the accelerator
 * to attach for machine types without built-in GPUs (N1), else none ({@code acceleratorCount} 0).
 */
record GcpOffering(Offering offering, String acceleratorType, int acceleratorCount) {
  static final String PROVIDER = "gcp";
  private static final Set<String> KNOWN =
      Set.of(
          "zone",
          "machineType",
          "capacityType",
          "pricePerHour",
          "gpuModel",
          "gpus",
          "cpus",
          "memoryMiB",
          "acceleratorType",
          "acceleratorCount");

  GcpOffering {
    notNull("offering", offering);
    acceleratorType = acceleratorType == null ? "" : acceleratorType;
    if (acceleratorCount < 0 || acceleratorCount > 0 && acceleratorType.isEmpty()) {
      throw new IllegalArgumentException(
          "acceleratorCount " + acceleratorCount + " needs an acceleratorType");
    }
  }

  OfferingKey key() {
    return offering.key();
  }

  String zone() {
    return offering.key().zone();
  }

  String machineType() {
    return offering.key().instanceType();
  }

  /**
   * Reads one entry of {@code offerings}. GPU model, count, vCPUs and memory come from {@link
   * GcpMachineTypes} unless given; a type missing there must give all four and its accelerator. The
   * price comes from {@code pricePerHour}, else the bundled price table, else it is an error.
   */
  static GcpOffering parse(
      String where, Map<String, Object> raw, String region, PriceTable prices) {
    SettingsMap s = new SettingsMap(where, raw, KNOWN);
    String zone = s.required("zone");
    if (!zone.startsWith(region + "-")) {
      throw new IllegalArgumentException(
          s.name("zone") + " '" + zone + "' is not a zone of region '" + region + "'");
    }
    String type = s.required("machineType");
    CapacityType capacity = capacity(s);
    var known = GcpMachineTypes.find(type);
    int accelerators = s.number("acceleratorCount").orElse(0L).intValue();
    String gpuModel =
        s.string("gpuModel")
            .or(() -> known.map(GcpMachineTypes.MachineType::gpuModel))
            .orElseThrow(() -> missing(s, "gpuModel", type));
    int gpus =
        s.number("gpus")
            .or(() -> known.map(k -> (long) k.gpus()))
            .orElse((long) accelerators)
            .intValue();
    if (gpus <= 0) {
      throw missing(s, "gpus", type);
    }
    int cpus =
        s.number("cpus")
            .or(() -> known.map(k -> (long) k.cpus()))
            .orElseThrow(() -> missing(s, "cpus", type))
            .intValue();
    long memory =
        s.number("memoryMiB")
            .or(() -> known.map(GcpMachineTypes.MachineType::memoryMiB))
            .orElseThrow(() -> missing(s, "memoryMiB", type));
    BigDecimal price =
        s.decimal("pricePerHour")
            .map(p -> decimal(s.name("pricePerHour"), p))
            .or(() -> prices.price(PROVIDER, region, type, capacity))
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        where
                            + ": the bundled price table has no "
                            + capacity
                            + " price for "
                            + type
                            + " in "
                            + region
                            + "; set pricePerHour"));
    try {
      Offering offering =
          new Offering(
              new OfferingKey(PROVIDER, region, zone, type, capacity),
              gpuModel,
              gpus,
              cpus,
              memory,
              price);
      return new GcpOffering(offering, s.string("acceleratorType").orElse(""), accelerators);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  private static CapacityType capacity(SettingsMap s) {
    String text = s.string("capacityType").orElse("ON_DEMAND");
    try {
      return CapacityType.valueOf(text.toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          s.name("capacityType") + " must be ON_DEMAND or SPOT, got '" + text + "'", e);
    }
  }

  private static BigDecimal decimal(String name, String text) {
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a number, got '" + text + "'", e);
    }
  }

  private static IllegalArgumentException missing(SettingsMap s, String key, String type) {
    return new IllegalArgumentException(
        s.name(key) + " must be set: " + type + " is not in the built-in A3/A2 catalog");
  }
}
