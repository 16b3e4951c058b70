package dev.stratus.tests.prices;

import static dev.stratus.tests.prices.PriceListModel.linux;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PricesOfferings;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.core.prices.PriceBook;
import dev.stratus.core.prices.PriceRefresh;
import dev.stratus.provider.aws.AwsHarness;
import dev.stratus.provider.aws.AwsNodeProviderFactory;
import dev.stratus.testkit.aws.Ec2ModelServer;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AWS provider's live prices on its real SDK clients: on-demand from a model of the Price List
 * Query API, spot from the EC2 model's DescribeSpotPriceHistory.
 */
class AwsPricesTest {
  static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
  static final String P5 = "p5.48xlarge";
  static final OfferingKey SPOT_A =
      new OfferingKey("aws", "us-east-1", "us-east-1a", P5, CapacityType.SPOT);
  static final OfferingKey SPOT_B =
      new OfferingKey("aws", "us-east-1", "us-east-1b", P5, CapacityType.SPOT);
  static final OfferingKey ON_DEMAND =
      new OfferingKey("aws", "us-east-1", "us-east-1a", P5, CapacityType.ON_DEMAND);
  static final OfferingKey P4D =
      new OfferingKey("aws", "us-east-1", "us-east-1a", "p4d.24xlarge", CapacityType.ON_DEMAND);

  @TempDir Path dir;
  Ec2ModelServer ec2;
  PriceListModel priceList;
  NodeProvider provider;

  @BeforeEach
  void start() {
    ec2 = new Ec2ModelServer();
    priceList = new PriceListModel("us-east-1", 1);
    Map<String, String> windows = linux(P5, "us-east-1");
    windows.put("operatingSystem", "Windows");
    Map<String, String> dedicated = linux(P5, "us-east-1");
    dedicated.put("tenancy", "Dedicated");
    Map<String, String> reservation = linux(P5, "us-east-1");
    reservation.put("capacitystatus", "UnusedCapacityReservation");
    priceList
        .instance(linux(P5, "us-east-1"), "55.0400000000")
        .instance(linux(P5, "us-east-1"), "0.0000000000")
        .instance(linux(P5, "us-east-1"), null)
        .instance(linux(P5, "us-west-2"), "60.0000000000")
        .instance(windows, "72.0000000000")
        .instance(dedicated, "61.0000000000")
        .instance(reservation, "55.0400000000");
    var spot = ec2.model().spotPrices();
    // Six zones of p5 Linux prices, so that pages of five need two; changes before, at and after
    // now; other products and types that the query must not mix in.
    for (char z = 'a'; z <= 'f'; z++) {
      spot.change(
          P5, "us-east-1" + z, "Linux/UNIX", "2" + (z - 'a') + ".5", NOW.minusSeconds(86400));
    }
    spot.change(P5, "us-east-1a", "Linux/UNIX", "31.464", NOW.minusSeconds(3600))
        .change(P5, "us-east-1a", "Linux/UNIX", "50.0", NOW.plusSeconds(3600))
        .change(P5, "us-east-1a", "Windows", "40.0", NOW.minusSeconds(60))
        .change(P5, "us-east-1a", "Linux/UNIX (Amazon VPC)", "41.0", NOW.minusSeconds(60))
        .change("p4d.24xlarge", "us-east-1a", "Linux/UNIX", "9.9", NOW.minusSeconds(60));
    provider = provider(Map.of());
  }

  NodeProvider provider(Map<String, Object> extra) {
    Map<String, Object> settings = new HashMap<>(AwsHarness.defaults(ec2));
    settings.put("pricesEndpoint", priceList.endpoint().toString());
    settings.put(
        "offerings",
        List.of(
            offering(SPOT_A, "spot"),
            offering(SPOT_B, "spot"),
            offering(ON_DEMAND, "on-demand"),
            offering(P4D, "on-demand")));
    settings.putAll(extra);
    ProviderContext context =
        new ProviderContext(
            "prices",
            settings,
            dir,
            new BootstrapSettings(
                dir.resolve("slurm.conf"), dir, dir.resolve("munge.key"), dir.resolve("sock")),
            Clock.fixed(NOW, ZoneOffset.UTC));
    return new AwsNodeProviderFactory().create(context, ResilienceSettings.fast());
  }

  static Map<String, Object> offering(OfferingKey key, String capacity) {
    return Map.of("instanceType", key.instanceType(), "zone", key.zone(), "capacityType", capacity);
  }

  List<Pool> pools() {
    return BundledPools.of(provider.offerings());
  }

  @AfterEach
  void stop() {
    provider.close();
    priceList.close();
    ec2.close();
  }

  List<PriceQuote> prices(List<OfferingKey> keys) {
    return ((PricesOfferings) provider).prices(keys);
  }

  @Test
  void onDemandIsTheListedLinuxHourReadAcrossEveryPageOfTheFilteredProducts() {
    assertThat(prices(List.of(ON_DEMAND)))
        .containsExactly(
            new PriceQuote(
                ON_DEMAND, new BigDecimal("55.04"), PriceOrigin.live("aws Price List API", NOW)));
    // Three products pass the filters (one priced, one at zero, one without an on-demand term),
    // read one per page.
    List<JsonNode> asked = priceList.requests();
    assertThat(asked).hasSize(3);
    assertThat(asked.get(0).path("Filters").toString())
        .contains("\"Field\":\"instanceType\",\"Value\":\"p5.48xlarge\"")
        .contains("\"Field\":\"regionCode\",\"Value\":\"us-east-1\"")
        .contains("\"Field\":\"operatingSystem\",\"Value\":\"Linux\"")
        .contains("\"Field\":\"tenancy\",\"Value\":\"Shared\"")
        .contains("\"Field\":\"preInstalledSw\",\"Value\":\"NA\"")
        .contains("\"Field\":\"capacitystatus\",\"Value\":\"Used\"");
    assertThat(asked.get(2).path("NextToken").asText()).isNotEmpty();
  }

  @Test
  void spotIsThePriceInForceNowPerZoneFromTheLinuxHistoryAcrossPages() {
    assertThat(prices(List.of(SPOT_A, SPOT_B)))
        .containsExactlyInAnyOrder(
            new PriceQuote(
                SPOT_A,
                new BigDecimal("31.464"),
                PriceOrigin.live("aws EC2 DescribeSpotPriceHistory", NOW)),
            new PriceQuote(
                SPOT_B,
                new BigDecimal("21.5"),
                PriceOrigin.live("aws EC2 DescribeSpotPriceHistory", NOW)));
    var asked = ec2.model().requests("DescribeSpotPriceHistory");
    assertThat(asked).hasSize(2);
    Map<String, String> first = asked.get(0).values();
    assertThat(first.get("ProductDescription.1")).isEqualTo("Linux/UNIX");
    assertThat(first.get("InstanceType.1")).isEqualTo(P5);
    assertThat(first).doesNotContainKey("InstanceType.2");
    assertThat(first.get("StartTime")).isEqualTo(first.get("EndTime"));
    assertThat(Instant.parse(first.get("StartTime"))).isEqualTo(NOW);
  }

  @Test
  void theListIsAskedInItsOwnRegionWhateverTheProvidersRegion() {
    provider.close();
    provider = provider(Map.of("pricesRegion", "eu-central-1"));
    assertThatThrownBy(() -> prices(List.of(ON_DEMAND)))
        .isInstanceOf(ProviderException.class)
        .hasMessageContaining("InvalidSignatureException");
  }

  @Test
  void ambiguousAndUnlistedTypesAreLeftOutAndTheRefreshNamesTheBundledFallback() {
    Map<String, String> other = linux(P5, "us-east-1");
    other.put("licenseModel", "Bring your own license");
    priceList.instance(other, "70.0000000000");
    assertThat(prices(List.of(ON_DEMAND, P4D))).isEmpty();

    PriceBook book = new PriceBook(Duration.ofDays(7));
    PriceRefresh.Report report =
        PriceRefresh.run(book, Map.of("aws", provider), pools(), dir.resolve("prices.json"));
    assertThat(report.quoted()).containsEntry("aws", 2);
    assertThat(report.missing().get("aws"))
        .hasSize(2)
        .anySatisfy(m -> assertThat(m).startsWith(ON_DEMAND + " (using bundled gpu-prices.csv ("))
        .anySatisfy(m -> assertThat(m).startsWith(P4D + " (using bundled gpu-prices.csv ("));
  }

  @Test
  void throttlingOfEitherApiIsRetriedUntilItAnswers() {
    priceList.throttleNext(2);
    ec2.throttleNextCalls(2);
    assertThat(prices(List.of(ON_DEMAND, SPOT_A))).hasSize(2);
  }

  @Test
  void throttlingThatOutlastsTheRetriesFailsTheRefreshAndKeepsTheKnownPrices() {
    PriceBook book = new PriceBook(Duration.ofDays(7));
    Path cache = dir.resolve("prices.json");
    PriceRefresh.run(book, Map.of("aws", provider), pools(), cache);
    List<PriceQuote> known = book.quotes();
    assertThat(known).hasSize(3);

    ec2.throttleNextCalls(100);
    PriceRefresh.Report report = PriceRefresh.run(book, Map.of("aws", provider), pools(), cache);
    // Throttled until the retries end, or until the region's breaker opens on them.
    assertThat(report.failed().get("aws")).containsAnyOf("RequestLimitExceeded", "CircuitOpen");
    assertThat(report.quoted()).doesNotContainKey("aws");
    assertThat(book.quotes()).containsExactlyInAnyOrderElementsOf(known);
  }
}
