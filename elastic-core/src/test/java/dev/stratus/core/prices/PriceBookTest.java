package dev.stratus.core.prices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PricesOfferings;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PriceBookTest {
  static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
  static final OfferingKey SPOT =
      new OfferingKey("aws", "us-east-1", "us-east-1a", "p5.48xlarge", CapacityType.SPOT);
  static final OfferingKey OD =
      new OfferingKey("aws", "us-east-1", "us-east-1a", "p5.48xlarge", CapacityType.ON_DEMAND);
  static final OfferingKey MINE =
      new OfferingKey("aws", "us-east-1", "us-east-1b", "p5.48xlarge", CapacityType.ON_DEMAND);

  @TempDir Path dir;

  static Offering offering(OfferingKey k, String price, PriceOrigin origin) {
    return new Offering(k, "h100", 8, 192, 2_000_000, new BigDecimal(price), origin);
  }

  static List<Pool> pools() {
    PriceOrigin bundled = PriceOrigin.bundled("snapshot before 2025-06");
    return List.of(
        new Pool(
            "gpu",
            "gpu",
            "h100",
            8,
            192,
            2_000_000,
            4,
            List.of(
                offering(SPOT, "26.79", bundled),
                offering(OD, "98.32", bundled),
                offering(MINE, "50", PriceOrigin.CONFIGURED))));
  }

  /** A cloud whose price API knows the on-demand price only, or fails. */
  static final class PricedCloud implements NodeProvider, PricesOfferings {
    boolean fail;
    Collection<OfferingKey> asked;

    @Override
    public List<PriceQuote> prices(Collection<OfferingKey> offerings) {
      asked = offerings;
      if (fail) {
        throw new ProviderException(
            new ProviderError.Throttled("ThrottlingException", "slow down"));
      }
      return List.of(
          new PriceQuote(OD, new BigDecimal("55.04"), PriceOrigin.live("aws Price List API", NOW)));
    }

    @Override
    public String name() {
      return "aws";
    }

    @Override
    public List<Offering> offerings() {
      return List.of();
    }

    @Override
    public LaunchResult launch(LaunchRequest request) {
      throw new UnsupportedOperationException("prices only");
    }

    @Override
    public List<Instance> list(String cluster) {
      return List.of();
    }

    @Override
    public Optional<Instance> get(String instanceId) {
      return Optional.empty();
    }

    @Override
    public void terminate(Collection<String> instanceIds) {}
  }

  @Test
  void liveBeatsBundledTheOperatorsPriceBeatsLiveAndAMissingPriceIsNamed() {
    PriceBook book = new PriceBook(Duration.ofDays(7));
    PricedCloud cloud = new PricedCloud();
    Path cache = dir.resolve("prices.json");
    PriceRefresh.Report report = PriceRefresh.run(book, Map.of("aws", cloud), pools(), cache);
    assertThat(cloud.asked).containsExactlyInAnyOrder(SPOT, OD); // not the configured one
    assertThat(report.quoted()).containsEntry("aws", 1);
    assertThat(report.missing().get("aws"))
        .containsExactly(SPOT + " (using bundled gpu-prices.csv (snapshot before 2025-06))");
    List<Offering> priced = book.reprice(pools(), NOW.plusSeconds(60)).get(0).offerings();
    assertThat(priced.get(0).pricePerHour()).isEqualByComparingTo("26.79");
    assertThat(priced.get(0).priceOrigin().kind()).isEqualTo(PriceOrigin.Kind.BUNDLED);
    assertThat(priced.get(1).pricePerHour()).isEqualByComparingTo("55.04");
    assertThat(priced.get(1).priceOrigin().label())
        .isEqualTo("aws Price List API, fetched 2026-11-24T10:00:00Z");
    assertThat(priced.get(2).priceOrigin()).isEqualTo(PriceOrigin.CONFIGURED);
  }

  @Test
  void aFailedRefreshKeepsThePricesItHadAndSaysWhy() {
    PriceBook book = new PriceBook(Duration.ofDays(7));
    PricedCloud cloud = new PricedCloud();
    Path cache = dir.resolve("prices.json");
    PriceRefresh.run(book, Map.of("aws", cloud), pools(), cache);
    cloud.fail = true;
    PriceRefresh.Report report = PriceRefresh.run(book, Map.of("aws", cloud), pools(), cache);
    assertThat(report.failed().get("aws")).contains("ThrottlingException");
    assertThat(book.reprice(pools(), NOW).get(0).offerings().get(1).pricePerHour())
        .isEqualByComparingTo("55.04");
  }

  @Test
  void aRestartReadsTheCacheBackAsCachedAndAStalePriceFallsBackToTheTable() throws Exception {
    PriceRefresh.run(
        new PriceBook(Duration.ofDays(7)),
        Map.of("aws", new PricedCloud()),
        pools(),
        dir.resolve("prices.json"));
    PriceBook restarted = PriceRefresh.load(dir.resolve("prices.json"), Duration.ofDays(7));
    Offering od =
        restarted.reprice(pools(), NOW.plus(Duration.ofDays(1))).get(0).offerings().get(1);
    assertThat(od.pricePerHour()).isEqualByComparingTo("55.04");
    assertThat(od.priceOrigin().label()).endsWith("(cached)");
    Offering stale =
        restarted.reprice(pools(), NOW.plus(Duration.ofDays(8))).get(0).offerings().get(1);
    assertThat(stale.priceOrigin().kind()).isEqualTo(PriceOrigin.Kind.BUNDLED);
  }

  @Test
  void aDamagedCacheIsIgnoredWithoutStoppingTheController() throws Exception {
    Files.writeString(dir.resolve("prices.json"), "{not json");
    assertThat(PriceRefresh.load(dir.resolve("prices.json"), Duration.ofDays(1)).quotes())
        .isEmpty();
  }
}
