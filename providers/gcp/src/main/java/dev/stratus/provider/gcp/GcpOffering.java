package dev.stratus.provider.gcp;

import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.api.spi.SettingsReader;
import java.math.BigDecimal;

/**
 * One configured offering and what launching it needs beyond the {@link Offering}: the accelerator
 * to attach for machine types without built-in GPUs (N1), else none ({@code acceleratorCount} 0).
 */
record GcpOffering(Offering offering, String acceleratorType, int acceleratorCount) {
  static final String PROVIDER = "gcp";
  static final SettingKeys KEYS =
      SettingKeys.of(
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
  static GcpOffering parse(SettingsReader s, String region, PriceTable prices) {
    String where = s.where();
    String zone = s.requiredString("zone");
    if (!zone.startsWith(region + "-")) {
      throw new IllegalArgumentException(
          s.name("zone") + " '" + zone + "' is not a zone of region '" + region + "'");
    }
    String type = s.requiredString("machineType");
    CapacityType capacity = s.capacityType("capacityType");
    var known = GcpMachineTypes.find(type);
    int accelerators = s.integer("acceleratorCount", 0, 0, 64);
    String gpuModel =
        s.string("gpuModel")
            .or(() -> known.map(GcpMachineTypes.MachineType::gpuModel))
            .orElseThrow(() -> missing(s, "gpuModel", type));
    int gpus = s.integer("gpus", 0, 64).or(() -> known.map(k -> k.gpus())).orElse(accelerators);
    if (gpus <= 0) {
      throw missing(s, "gpus", type);
    }
    int cpus =
        s.integer("cpus", 1, 4096)
            .or(() -> known.map(k -> k.cpus()))
            .orElseThrow(() -> missing(s, "cpus", type));
    long memory =
        s.longInteger("memoryMiB", 1, Long.MAX_VALUE)
            .or(() -> known.map(GcpMachineTypes.MachineType::memoryMiB))
            .orElseThrow(() -> missing(s, "memoryMiB", type));
    BigDecimal price =
        s.decimal("pricePerHour")
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

  private static IllegalArgumentException missing(SettingsReader s, String key, String type) {
    return new IllegalArgumentException(
        s.name(key) + " must be set: " + type + " is not in the built-in A3/A2 catalog");
  }
}
