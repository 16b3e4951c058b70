package dev.stratus.tests.prices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.spi.PricesOfferings;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.core.prices.PriceBook;
import dev.stratus.core.prices.PriceRefresh;
import dev.stratus.provider.oci.OciHarness;
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

/** The OCI provider's live prices from a model of OCI's public price list. */
class OciPricesTest {
  static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
  static final String AD = OciHarness.AD;
  static final OfferingKey H100 =
      new OfferingKey("oci", OciHarness.REGION, AD, "BM.GPU.H100.8", CapacityType.ON_DEMAND);
  static final OfferingKey A100_80 =
      new OfferingKey("oci", OciHarness.REGION, AD, "BM.GPU.A100-v2.8", CapacityType.ON_DEMAND);
  static final OfferingKey A100_40 =
      new OfferingKey("oci", OciHarness.REGION, AD, "BM.GPU4.8", CapacityType.ON_DEMAND);
  static final PriceOrigin LIVE = PriceOrigin.live("oci price list API", NOW);

  @TempDir Path dir;
  OciPriceListModel list;
  OciHarness oci;

  @BeforeEach
  void start() {
    list = new OciPriceListModel(1);
    list.part("B98415", "OCI - Compute - GPU - H100", "GPU Per Hour", "10.00")
        .part("B95907", "Compute - GPU - A100 - v2 - Cloud@Customer", "GPU Per Month", "900")
        .part("B95907", "Compute - GPU - A100 - v2", "GPU Per Hour", "4.00")
        .part("B88298", "Compute - Standard - E4 - OCPU", "OCPU Per Hour", "0.025");
    oci =
        new OciHarness(
            dir,
            Map.of(
                "pricesEndpoint",
                list.endpoint().toString(),
                "offerings",
                List.of(
                    Map.of("shape", H100.instanceType(), "availabilityDomain", AD),
                    Map.of("shape", A100_80.instanceType(), "availabilityDomain", AD),
                    Map.of("shape", A100_40.instanceType(), "availabilityDomain", AD))),
            Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @AfterEach
  void stop() {
    oci.close();
    list.close();
  }

  List<PriceQuote> prices(List<OfferingKey> keys) {
    return ((PricesOfferings) oci.provider()).prices(keys);
  }

  @Test
  void aGpuShapesNodeHourIsItsGpusTimesTheUsdGpuHourOfItsPart() {
    assertThat(prices(List.of(H100, A100_80)))
        .containsExactlyInAnyOrder(
            new PriceQuote(H100, new BigDecimal("80"), LIVE),
            new PriceQuote(A100_80, new BigDecimal("32"), LIVE));
    assertThat(list.queries).contains("B98415/USD", "B95907/USD");
  }

  @Test
  void everyPageOfThePartIsReadAndOnlyItsHourlyPriceCounts() {
    // The A100 part lists its Cloud@Customer monthly price first; pages of one item: two pages.
    assertThat(prices(List.of(A100_80)))
        .extracting(PriceQuote::perHour)
        .containsExactly(new BigDecimal("32"));
    assertThat(list.queries).containsExactly("B95907/USD", "B95907/USD");
  }

  @Test
  void twoHourlyPricesForOnePartAreAmbiguousAndPriceNothing() {
    list.part("B98415", "OCI - Compute - GPU - H100 - new", "GPU Per Hour", "12.00");
    assertThat(prices(List.of(H100))).isEmpty();
  }

  @Test
  void aShapeWithoutAKnownPartKeepsItsBundledPriceAndTheRefreshNamesIt() {
    PriceRefresh.Report report =
        PriceRefresh.run(
            new PriceBook(Duration.ofDays(7)),
            Map.of("oci", oci.provider()),
            BundledPools.of(oci.provider().offerings()),
            dir.resolve("prices.json"));
    assertThat(report.quoted()).containsEntry("oci", 2);
    assertThat(report.missing().get("oci"))
        .singleElement()
        .asString()
        .startsWith(A100_40 + " (using bundled gpu-prices.csv");
  }

  @Test
  void throttlingIsRetriedAndThrottlingThatOutlastsTheRetriesIsAProviderError() {
    list.throttleNext(2);
    assertThat(prices(List.of(H100))).hasSize(1);
    list.throttleNext(100);
    assertThatThrownBy(() -> prices(List.of(H100)))
        .isInstanceOf(ProviderException.class)
        .message()
        .containsAnyOf("429", "CircuitOpen");
  }
}
