package dev.stratus.provider.gcp;

import com.google.cloud.billing.v1.Sku;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.PriceQuote;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * GCP's live prices: one read of the Compute Engine SKUs per refresh ({@link GcpBillingCatalog}),
 * then each offering's machine type priced from them ({@link GcpSkuPrices}).
 */
final class GcpPrices {
  static final String SOURCE = "gcp Cloud Billing Catalog";
  private final GcpBillingCatalog catalog;
  private final Clock clock;

  GcpPrices(GcpBillingCatalog catalog, Clock clock) {
    this.catalog = catalog;
    this.clock = clock;
  }

  List<PriceQuote> prices(Collection<OfferingKey> offerings) {
    if (offerings.stream().noneMatch(k -> priceable(k.instanceType()))) {
      return List.of();
    }
    List<Sku> skus = catalog.computeSkus();
    Instant now = clock.instant();
    List<PriceQuote> out = new ArrayList<>();
    for (OfferingKey k : offerings) {
      if (k.capacityType() == CapacityType.FLEX) {
        continue; // flex-start bills under its own DWS SKUs, not the list price matched here
      }
      GcpSkuPrices.price(skus, k.region(), k.instanceType(), k.capacityType())
          .ifPresent(p -> out.add(new PriceQuote(k, p, PriceOrigin.live(SOURCE, now))));
    }
    return out;
  }

  private static boolean priceable(String machineType) {
    return GcpSkuPrices.FAMILIES.keySet().stream().anyMatch(f -> machineType.startsWith(f + "-"));
  }
}
