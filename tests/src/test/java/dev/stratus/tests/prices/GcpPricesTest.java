package dev.stratus.tests.prices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.core.prices.PriceBook;
import dev.stratus.core.prices.PriceRefresh;
import dev.stratus.provider.gcp.GcpNodeProvider;
import dev.stratus.provider.gcp.GcpTestProviders;
import dev.stratus.testkit.gcp.GceServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GCP provider's live prices on google-cloud-billing's REST client against a model of the Cloud
 * Billing Catalog holding the Compute Engine SKUs an A3 node bills as (behind ten thousand others,
 * so that the provider reads three pages of 5000).
 */
class GcpPricesTest {
  static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
  static final String REGION = "us-east4";
  static final String KEY = "AIzaSyStratusTestKey0123456789abcdefgh";
  static final OfferingKey A3 =
      new OfferingKey("gcp", REGION, "us-east4-a", "a3-highgpu-8g", CapacityType.ON_DEMAND);
  static final OfferingKey A3_SPOT =
      new OfferingKey("gcp", REGION, "us-east4-a", "a3-highgpu-8g", CapacityType.SPOT);
  static final OfferingKey A2 =
      new OfferingKey("gcp", REGION, "us-east4-b", "a2-highgpu-8g", CapacityType.ON_DEMAND);
  static final PriceOrigin LIVE = PriceOrigin.live("gcp Cloud Billing Catalog", NOW);

  @TempDir Path dir;
  GceServer gce;
  BillingCatalogModel catalog;
  GcpNodeProvider provider;

  @BeforeEach
  void start() throws IOException {
    gce = new GceServer();
    catalog = new BillingCatalogModel(KEY);
    for (int i = 0; i < 10_000; i++) {
      catalog.sku(
          "N2 Instance Core running in Region " + i, "OnDemand", "CPU", "r" + i, "h", "0.03");
    }
    catalog
        .sku("A3 Instance Core running in Virginia", "OnDemand", "CPU", REGION, "h", "0.031611")
        .sku("A3 Instance Ram running in Virginia", "OnDemand", "RAM", REGION, "GiBy.h", "0.002825")
        .sku("Nvidia H100 80GB GPU running in Virginia", "OnDemand", "GPU", REGION, "h", "9.79655")
        .sku("A3 Instance Core running in Iowa", "OnDemand", "CPU", "us-central1", "h", "0.05")
        .sku(
            "Commitment v1: A3 Cpu in Virginia for 1 Year", "Commit1Yr", "CPU", REGION, "h", "0.02")
        .sku(
            "A3 Instance Core running in Virginia (DWS Defined Duration)",
            "OnDemand",
            "CPU",
            REGION,
            "h",
            "0.02")
        .sku("Nvidia H100 80GB Mega GPU running in Virginia", "OnDemand", "GPU", REGION, "h", "11")
        .sku(
            "Spot Preemptible A3 Instance Core running in Virginia",
            "Preemptible",
            "CPU",
            REGION,
            "h",
            "0.0095")
        .sku(
            "Spot Preemptible A3 Instance Ram running in Virginia",
            "Preemptible",
            "RAM",
            REGION,
            "GiBy.h",
            "0.00085")
        .sku(
            "Nvidia H100 80GB GPU attached to Spot Preemptible VMs running in Virginia",
            "Preemptible",
            "GPU",
            REGION,
            "h",
            "2.5")
        .sku("A2 Instance Core running in Virginia", "OnDemand", "CPU", REGION, "h", "0.031611")
        .sku(
            "A2 Instance Ram running in Virginia", "OnDemand", "RAM", REGION, "GiBy.h", "0.004237");
    Path keyFile = Files.writeString(dir.resolve("billing-key"), KEY + "\n");
    Map<String, Object> settings = GcpTestProviders.settings(gce, true);
    settings.put("region", REGION);
    settings.put("pricesEndpoint", catalog.endpoint().toString());
    settings.put("pricesApiKeyFile", keyFile.toString());
    settings.put(
        "offerings",
        List.of(
            Map.of("zone", A3.zone(), "machineType", A3.instanceType()),
            Map.of("zone", A3.zone(), "machineType", A3.instanceType(), "capacityType", "SPOT"),
            Map.of("zone", A2.zone(), "machineType", A2.instanceType(), "pricePerHour", "30")));
    provider = GcpTestProviders.create(settings, Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @AfterEach
  void stop() {
    provider.close();
    catalog.close();
    gce.close();
  }

  @Test
  void aNodeHourIsCoresPlusRamPlusGpusOfTheRegionsSkusReadAcrossEveryPage() {
    assertThat(provider.prices(List.of(A3, A3_SPOT)))
        .containsExactlyInAnyOrder(
            // 208 x 0.031611 + 1872 GiB x 0.002825 + 8 x 9.79655
            new PriceQuote(A3, new BigDecimal("90.235888"), LIVE),
            // 208 x 0.0095 + 1872 GiB x 0.00085 + 8 x 2.5
            new PriceQuote(A3_SPOT, new BigDecimal("23.5672"), LIVE));
    assertThat(catalog.pageTokens).hasSize(3);
    assertThat(catalog.pageTokens.get(0)).isEmpty();
  }

  @Test
  void aMachineTypeMissingAComponentKeepsItsBundledPriceAndTheRefreshNamesIt() {
    PriceRefresh.Report report =
        PriceRefresh.run(
            new PriceBook(Duration.ofDays(7)),
            Map.of("gcp", provider),
            BundledPools.of(provider.offerings()),
            dir.resolve("prices.json"));
    assertThat(report.quoted()).containsEntry("gcp", 2);
    assertThat(report.missing().get("gcp"))
        .singleElement()
        .asString()
        .startsWith(A2 + " (using bundled gpu-prices.csv");
  }

  @Test
  void twoSkusForOneComponentAreAmbiguousAndPriceNothing() {
    catalog.sku("A3 Instance Ram running in Virginia", "OnDemand", "RAM", REGION, "GiBy.h", "0.01");
    assertThat(provider.prices(List.of(A3, A3_SPOT)))
        .extracting(PriceQuote::key)
        .containsExactly(A3_SPOT);
  }

  @Test
  void resourceExhaustedIsRetriedAndWhatOutlastsTheRetriesIsAProviderError() {
    catalog.throttleNext(2);
    assertThat(provider.prices(List.of(A3))).hasSize(1);
    catalog.throttleNext(100);
    // Throttled until the retries end, or until the breaker opens on them.
    assertThatThrownBy(() -> provider.prices(List.of(A3)))
        .isInstanceOf(ProviderException.class)
        .message()
        .containsAnyOf("Quota exceeded", "CircuitOpen");
  }
}
