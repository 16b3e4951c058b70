package dev.stratus.tests.prices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.core.prices.PriceBook;
import dev.stratus.core.prices.PriceRefresh;
import dev.stratus.provider.azure.AzureFixture;
import dev.stratus.provider.azure.AzureNodeProvider;
import java.math.BigDecimal;
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

/** The Azure provider's live prices against a model of the Retail Prices API. */
class AzureRetailPricesTest {
  static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
  static final String H100 = AzureFixture.H100;
  static final OfferingKey SPOT = new OfferingKey("azure", "eastus", "1", H100, CapacityType.SPOT);
  static final OfferingKey ON_DEMAND =
      new OfferingKey("azure", "eastus", "", H100, CapacityType.ON_DEMAND);
  static final OfferingKey A100 =
      new OfferingKey("azure", "eastus", "", AzureFixture.A100, CapacityType.ON_DEMAND);

  @TempDir Path dir;
  AzureFixture arm;
  RetailPricesModel prices;
  AzureNodeProvider provider;

  @BeforeEach
  void start() {
    arm = new AzureFixture();
    prices = new RetailPricesModel(2);
    String series = "Virtual Machines NDSr H100 v5 Series";
    prices
        .item("eastus", H100, "ND96isr H100 v5", series, "98.32", "2024-01-01T00:00:00Z")
        .item("eastus", H100, "ND96isr H100 v5", series, "91.00", "2025-06-01T00:00:00Z")
        .item("eastus", H100, "ND96isr H100 v5", series, "80.00", "2027-01-01T00:00:00Z")
        .item("eastus", H100, "ND96isr H100 v5 Spot", series, "29.50", "2025-02-01T00:00:00Z")
        .item(
            "eastus", H100, "ND96isr H100 v5 Low Priority", series, "19.66", "2024-01-01T00:00:00Z")
        .item(
            "eastus",
            H100,
            "ND96isr H100 v5",
            series + " Windows",
            "110.00",
            "2025-06-01T00:00:00Z")
        .item("westus3", H100, "ND96isr H100 v5", series, "99.99", "2025-06-01T00:00:00Z");
    Map<String, Object> settings = arm.settings();
    settings.put("pricesEndpoint", prices.endpoint().toString());
    provider = arm.provider("c1", settings, Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @AfterEach
  void stop() {
    prices.close();
    arm.close();
  }

  @Test
  void theNewestLinuxMeterOfEachCapacityTypeIsTheLivePriceAcrossPages() {
    List<PriceQuote> quotes = provider.prices(List.of(SPOT, ON_DEMAND));
    assertThat(quotes)
        .containsExactlyInAnyOrder(
            new PriceQuote(
                SPOT, new BigDecimal("29.5"), PriceOrigin.live("azure Retail Prices API", NOW)),
            new PriceQuote(
                ON_DEMAND,
                new BigDecimal("91.0"),
                PriceOrigin.live("azure Retail Prices API", NOW)));
    // One query for the size in its region, read over its three pages of two items.
    assertThat(prices.filters)
        .hasSize(3)
        .allMatch(
            f ->
                f.equals(
                    "serviceName eq 'Virtual Machines' and armRegionName eq 'eastus'"
                        + " and armSkuName eq '"
                        + H100
                        + "' and priceType eq 'Consumption'"));
  }

  @Test
  void aSizeTheApiDoesNotPriceIsLeftOutAndTheRefreshNamesItsFallback() {
    assertThat(provider.prices(List.of(A100))).isEmpty();
    PriceBook book = new PriceBook(Duration.ofDays(7));
    Offering a100 =
        new Offering(
            A100,
            "a100",
            1,
            24,
            220_000,
            new BigDecimal("3.67"),
            PriceOrigin.bundled("undated snapshot"));
    Pool pool = new Pool("a100", "a100", "a100", 1, 24, 220_000, 2, List.of(a100));
    PriceRefresh.Report report =
        PriceRefresh.run(
            book, Map.of("azure", provider), List.of(pool), dir.resolve("prices.json"));
    assertThat(report.missing().get("azure"))
        .containsExactly(A100 + " (using bundled gpu-prices.csv (undated snapshot))");
  }

  @Test
  void throttlingIsRetriedUntilTheApiAnswers() {
    prices.throttleNext(2);
    assertThat(provider.prices(List.of(SPOT))).hasSize(1);
  }

  @Test
  void throttlingThatOutlastsTheRetriesIsAProviderErrorNamingIt() {
    prices.throttleNext(100);
    assertThatThrownBy(() -> provider.prices(List.of(SPOT)))
        .isInstanceOf(ProviderException.class)
        .hasMessageContaining("429");
  }
}
