package dev.stratus.provider.gcp;

import com.google.cloud.billing.v1.PricingExpression.TierRate;
import com.google.cloud.billing.v1.PricingInfo;
import com.google.cloud.billing.v1.Sku;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.PriceQuote;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A machine type's price per node-hour from Compute Engine SKUs: vCPUs × the family's {@code
 * Instance Core} SKU + GiB × its {@code Instance Ram} SKU + GPUs × the GPU's SKU, all in the
 * region, on-demand ({@code usageType OnDemand}) or spot ({@code Preemptible}: {@code Spot
 * Preemptible <family> Instance Core/Ram}, the GPU {@code attached to Spot Preemptible VMs}). Only
 * machine types whose components are unambiguous are priced: A3 High ({@code A3} core and RAM,
 * {@code Nvidia H100 80GB GPU}) and A2 ({@code A2} core and RAM, {@code Nvidia Tesla A100 GPU}, the
 * 80 GB one on {@code a2-ultragpu}). A3 Mega bills its GPUs under SKUs whose names the public
 * documentation does not settle, and N1 with attached GPUs depends on the settings: those keep the
 * bundled price. A component that finds no SKU, or more than one, leaves the type unpriced.
 */
final class GcpSkuPrices {
  /** The SKU names of one machine family: core and RAM family, GPU description. */
  record Components(String family, String gpu) {}

  static final Map<String, Components> FAMILIES =
      Map.of(
          "a3-highgpu", new Components("A3", "Nvidia H100 80GB GPU"),
          "a2-highgpu", new Components("A2", "Nvidia Tesla A100 GPU"),
          "a2-megagpu", new Components("A2", "Nvidia Tesla A100 GPU"),
          "a2-ultragpu", new Components("A2", "Nvidia Tesla A100 80GB GPU"));

  private static final BigDecimal NANOS = BigDecimal.valueOf(1_000_000_000L);

  private GcpSkuPrices() {}

  static Optional<BigDecimal> price(
      List<Sku> skus, String region, String machineType, CapacityType capacity) {
    var shape = GcpMachineTypes.find(machineType);
    String prefix = machineType.substring(0, Math.max(0, machineType.lastIndexOf('-')));
    Components c = FAMILIES.get(prefix);
    if (shape.isEmpty() || c == null) {
      return Optional.empty();
    }
    boolean spot = capacity == CapacityType.SPOT;
    String lead = spot ? "Spot Preemptible " : "";
    Optional<BigDecimal> core =
        one(skus, region, spot, exactly(lead + c.family() + " Instance Core"));
    Optional<BigDecimal> ram =
        one(skus, region, spot, exactly(lead + c.family() + " Instance Ram"));
    Optional<BigDecimal> gpu =
        one(
            skus,
            region,
            spot,
            Pattern.compile(
                Pattern.quote(c.gpu())
                    + (spot ? " attached to Spot Preemptible VMs" : "")
                    + " running in [^()]+"));
    if (core.isEmpty() || ram.isEmpty() || gpu.isEmpty()) {
      return Optional.empty();
    }
    BigDecimal gib = BigDecimal.valueOf(shape.get().memoryMiB()).divide(BigDecimal.valueOf(1024));
    return Optional.of(
        PriceQuote.plain(
            core.get()
                .multiply(BigDecimal.valueOf(shape.get().cpus()))
                .add(ram.get().multiply(gib))
                .add(gpu.get().multiply(BigDecimal.valueOf(shape.get().gpus())))));
  }

  private static Pattern exactly(String name) {
    return Pattern.compile(Pattern.quote(name) + " running in [^()]+");
  }

  /** The hourly USD price of the one SKU that matches; empty when none or several do. */
  private static Optional<BigDecimal> one(
      List<Sku> skus, String region, boolean spot, Pattern description) {
    List<Sku> found =
        skus.stream()
            .filter(s -> s.getServiceRegionsList().contains(region))
            .filter(s -> s.getCategory().getUsageType().equals(spot ? "Preemptible" : "OnDemand"))
            .filter(s -> description.matcher(s.getDescription()).matches())
            .toList();
    return found.size() == 1 ? hourly(found.get(0)) : Optional.empty();
  }

  /** The newest pricing's first-tier unit price, per hour (units {@code h} or {@code GiBy.h}). */
  static Optional<BigDecimal> hourly(Sku sku) {
    if (sku.getPricingInfoCount() == 0) {
      return Optional.empty();
    }
    PricingInfo info = sku.getPricingInfo(sku.getPricingInfoCount() - 1);
    var expr = info.getPricingExpression();
    if (!expr.getUsageUnit().equals("h") && !expr.getUsageUnit().equals("GiBy.h")) {
      return Optional.empty();
    }
    return expr.getTieredRatesList().stream()
        .filter(r -> r.getStartUsageAmount() == 0)
        .findFirst()
        .filter(r -> r.getUnitPrice().getCurrencyCode().equals("USD"))
        .map(GcpSkuPrices::amount)
        .map(p -> p.divide(BigDecimal.valueOf(Math.max(1, expr.getDisplayQuantity()))));
  }

  private static BigDecimal amount(TierRate r) {
    return BigDecimal.valueOf(r.getUnitPrice().getUnits())
        .add(BigDecimal.valueOf(r.getUnitPrice().getNanos()).divide(NANOS));
  }
}
