package dev.stratus.provider.aws;

import dev.stratus.api.model.PriceQuote;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.ec2.model.DescribeSpotPriceHistoryResponse;
import software.amazon.awssdk.services.ec2.model.SpotPrice;

/**
 * Current spot prices from EC2's {@code DescribeSpotPriceHistory}: one query for the types wanted,
 * {@code ProductDescription=Linux/UNIX}, {@code StartTime = EndTime = now} (EC2 then answers, per
 * zone and type, the last price change before that instant: the price in force now), every page
 * through {@code NextToken}. Of several entries for one zone and type the newest wins.
 */
final class SpotPriceHistory {
  static final String LINUX = "Linux/UNIX";
  private final Ec2Api api;
  private final int pageSize;

  SpotPriceHistory(Ec2Api api, int pageSize) {
    this.api = api;
    this.pageSize = pageSize;
  }

  /** The price in force at {@code now}, keyed by zone and instance type. */
  Map<ZoneType, BigDecimal> current(Collection<String> instanceTypes, Instant now) {
    Map<ZoneType, SpotPrice> newest = new HashMap<>();
    String token = null;
    do {
      String next = token;
      DescribeSpotPriceHistoryResponse page =
          api.call(
              "DescribeSpotPriceHistory",
              ec2 ->
                  ec2.describeSpotPriceHistory(
                      r ->
                          r.instanceTypesWithStrings(List.copyOf(instanceTypes))
                              .productDescriptions(LINUX)
                              .startTime(now)
                              .endTime(now)
                              .maxResults(pageSize)
                              .nextToken(next)));
      for (SpotPrice p : page.spotPriceHistory()) {
        if (LINUX.equals(p.productDescriptionAsString())) {
          newest.merge(
              new ZoneType(p.availabilityZone(), p.instanceTypeAsString()),
              p,
              (a, b) -> b.timestamp().isAfter(a.timestamp()) ? b : a);
        }
      }
      token = page.nextToken();
    } while (token != null && !token.isEmpty());
    Map<ZoneType, BigDecimal> out = new HashMap<>();
    newest.forEach((k, p) -> out.put(k, PriceQuote.plain(new BigDecimal(p.spotPrice()))));
    return out;
  }

  /** A spot pool's place: availability zone and instance type. */
  record ZoneType(String zone, String instanceType) {}
}
