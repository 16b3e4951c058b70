package dev.stratus.provider.gcp;

import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.api.spi.SettingsReader;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

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
          "acceleratorCount",
          "maxRun");

  /** Flex-start's limits on {@code maxRunDuration}: 10 minutes to 7 days. */
  static final Duration MIN_RUN = Duration.ofMinutes(10);

  static final Duration MAX_RUN = Duration.ofDays(7);

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
    CapacityType capacity = capacityType(s);
    CapacityTerms terms = terms(s, capacity);
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
              price,
              PriceOrigin.CONFIGURED,
              terms);
      return new GcpOffering(offering, s.string("acceleratorType").orElse(""), accelerators);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  /**
   * {@code on-demand}, {@code spot} or {@code flex} (DWS flex-start). A reserved offering is not
   * configured: each reservation of a configured zone and machine type is one ({@link
   * ReservedOfferings}).
   */
  private static CapacityType capacityType(SettingsReader s) {
    return s.string("capacityType").filter(v -> v.equalsIgnoreCase("flex")).isPresent()
        ? CapacityType.FLEX
        : s.capacityType("capacityType");
  }

  /** A flex offering's {@code maxRun} (10m to 7d, required); no other offering takes one. */
  private static CapacityTerms terms(SettingsReader s, CapacityType capacity) {
    Optional<Duration> maxRun = s.duration("maxRun");
    if (capacity != CapacityType.FLEX) {
      if (maxRun.isPresent()) {
        throw s.error("maxRun", "is only for capacityType: flex");
      }
      return CapacityTerms.OPEN;
    }
    Duration run =
        maxRun.orElseThrow(() -> s.error("maxRun", "must be set for capacityType: flex"));
    if (run.compareTo(MIN_RUN) < 0 || run.compareTo(MAX_RUN) > 0) {
      throw s.error("maxRun", "must be between 10m and 7d (flex-start's limits), got " + run);
    }
    return new CapacityTerms.Flex(run);
  }

  /**
   * The configured offering that launches {@code requested}: the one of its key, or for a reserved
   * offering the one of its zone and machine type (an on-demand one first), carrying {@code
   * requested} itself so that its capacity type and terms decide how the VM is provisioned.
   */
  static Optional<GcpOffering> launching(List<GcpOffering> configured, Offering requested) {
    OfferingKey k = requested.key();
    Optional<GcpOffering> base =
        k.capacityType() == CapacityType.RESERVED
            ? sameMachine(configured, k)
            : configured.stream().filter(o -> o.key().equals(k)).findFirst();
    return base.map(o -> new GcpOffering(requested, o.acceleratorType(), o.acceleratorCount()));
  }

  /** A configured offering of {@code k}'s zone and machine type, an on-demand one first. */
  static Optional<GcpOffering> sameMachine(List<GcpOffering> configured, OfferingKey k) {
    return configured.stream()
        .filter(o -> o.zone().equals(k.zone()) && o.machineType().equals(k.instanceType()))
        .min(Comparator.comparing(o -> o.key().capacityType() != CapacityType.ON_DEMAND));
  }

  private static IllegalArgumentException missing(SettingsReader s, String key, String type) {
    return new IllegalArgumentException(
        s.name(key) + " must be set: " + type + " is not in the built-in A3/A2 catalog");
  }
}
