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
import dev.stratus.provider.lambda.LambdaHarness;
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

/** The Lambda provider's live prices from the model's instance-types answer. */
class LambdaPricesTest {
  static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
  static final OfferingKey H100 =
      new OfferingKey("lambda", "us-east-1", "", "gpu_8x_h100_sxm5", CapacityType.ON_DEMAND);
  static final OfferingKey PCIE =
      new OfferingKey("lambda", "us-west-1", "", "gpu_1x_h100_pcie", CapacityType.ON_DEMAND);
  static final OfferingKey A100 =
      new OfferingKey("lambda", "us-east-1", "", "gpu_8x_a100_80gb_sxm4", CapacityType.ON_DEMAND);
  static final PriceOrigin LIVE = PriceOrigin.live("lambda instance-types API", NOW);

  @TempDir Path dir;
  LambdaHarness lambda;

  @BeforeEach
  void start() {
    lambda =
        new LambdaHarness(
            dir,
            Map.of(
                "offerings",
                List.of(
                    Map.of("instanceType", H100.instanceType(), "region", H100.region()),
                    Map.of("instanceType", PCIE.instanceType(), "region", PCIE.region()),
                    Map.of("instanceType", A100.instanceType(), "region", A100.region()))),
            Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @AfterEach
  void stop() {
    lambda.close();
  }

  List<PriceQuote> prices(List<OfferingKey> keys) {
    return ((PricesOfferings) lambda.provider()).prices(keys);
  }

  @Test
  void eachTypesCentsPerHourIsItsPriceInEveryRegion() {
    lambda.model().reprice(H100.instanceType(), 2990);
    assertThat(prices(List.of(H100, PCIE)))
        .containsExactlyInAnyOrder(
            new PriceQuote(H100, new BigDecimal("29.90"), LIVE),
            new PriceQuote(PCIE, new BigDecimal("3.29"), LIVE));
  }

  @Test
  void aTypeLambdaNoLongerListsKeepsItsBundledPriceAndTheRefreshNamesIt() {
    lambda.model().withdraw(A100.instanceType());
    PriceBook book = new PriceBook(Duration.ofDays(7));
    PriceRefresh.Report report =
        PriceRefresh.run(
            book,
            Map.of("lambda", lambda.provider()),
            BundledPools.of(lambda.provider().offerings()),
            dir.resolve("prices.json"));
    assertThat(report.quoted()).containsEntry("lambda", 2);
    assertThat(report.missing().get("lambda"))
        .singleElement()
        .asString()
        .startsWith(A100 + " (using bundled gpu-prices.csv (");
  }

  @Test
  void throttlingIsRetriedAndThrottlingThatOutlastsTheRetriesIsAProviderError() {
    lambda.throttleNextCalls(2);
    assertThat(prices(List.of(H100))).hasSize(1);
    lambda.throttleNextCalls(100);
    assertThatThrownBy(() -> prices(List.of(H100))).isInstanceOf(ProviderException.class);
  }
}
