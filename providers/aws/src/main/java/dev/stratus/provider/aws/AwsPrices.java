package dev.stratus.provider.aws;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.PriceQuote;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * AWS's live prices for the provider's offerings: on-demand ones from the Price List Query API
 * ({@link AwsPriceList}), spot ones from {@code DescribeSpotPriceHistory} ({@link
 * SpotPriceHistory}) in the provider's region. An offering either API does not price is left out.
 */
final class AwsPrices {
  static final String PRICE_LIST = "aws Price List API";
  static final String SPOT_HISTORY = "aws EC2 DescribeSpotPriceHistory";
  private final AwsPriceList priceList;
  private final SpotPriceHistory spot;
  private final String region;
  private final Clock clock;

  AwsPrices(AwsPriceList priceList, SpotPriceHistory spot, String region, Clock clock) {
    this.priceList = priceList;
    this.spot = spot;
    this.region = region;
    this.clock = clock;
  }

  List<PriceQuote> prices(Collection<OfferingKey> offerings) {
    Instant now = clock.instant();
    List<PriceQuote> out = new ArrayList<>();
    Map<List<String>, List<OfferingKey>> onDemand =
        offerings.stream()
            .filter(k -> k.capacityType() == CapacityType.ON_DEMAND)
            .collect(Collectors.groupingBy(k -> List.of(k.region(), k.instanceType())));
    onDemand.forEach(
        (q, keys) -> {
          Optional<BigDecimal> price = priceList.onDemand(q.get(0), q.get(1));
          price.ifPresent(p -> keys.forEach(k -> out.add(quote(k, p, PRICE_LIST, now))));
        });
    List<OfferingKey> spotKeys =
        offerings.stream()
            .filter(k -> k.capacityType() == CapacityType.SPOT && k.region().equals(region))
            .toList();
    if (!spotKeys.isEmpty()) {
      var current =
          spot.current(spotKeys.stream().map(OfferingKey::instanceType).distinct().toList(), now);
      for (OfferingKey k : spotKeys) {
        BigDecimal p = current.get(new SpotPriceHistory.ZoneType(k.zone(), k.instanceType()));
        if (p != null) {
          out.add(quote(k, p, SPOT_HISTORY, now));
        }
      }
    }
    return out;
  }

  private static PriceQuote quote(OfferingKey key, BigDecimal price, String source, Instant now) {
    return new PriceQuote(key, price, PriceOrigin.live(source, now));
  }
}
