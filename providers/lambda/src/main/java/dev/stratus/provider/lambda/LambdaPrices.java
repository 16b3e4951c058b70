package dev.stratus.provider.lambda;

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

/**
 * Live prices from Lambda's {@code GET /instance-types}: each type's {@code price_cents_per_hour}
 * is its on-demand price in every region (Lambda has one price list and no spot). A fresh call each
 * time, not the capacity probe's cache: a refresh is rare and should see today's list. A type the
 * answer does not list is left out (the refresh names its fallback).
 */
final class LambdaPrices {
  static final String SOURCE = "lambda instance-types API";
  private final LambdaApi api;
  private final Clock clock;

  LambdaPrices(LambdaApi api, Clock clock) {
    this.api = api;
    this.clock = clock;
  }

  List<PriceQuote> prices(Collection<OfferingKey> offerings) {
    LambdaJson.Types types = api.call("ListInstanceTypes", LambdaClient::instanceTypes);
    Instant now = clock.instant();
    List<PriceQuote> out = new ArrayList<>();
    for (OfferingKey k : offerings) {
      LambdaJson.Availability a = types.byName().get(k.instanceType());
      if (k.capacityType() == CapacityType.ON_DEMAND && a != null && a.instanceType() != null) {
        BigDecimal perHour = BigDecimal.valueOf(a.instanceType().priceCentsPerHour(), 2);
        out.add(new PriceQuote(k, perHour, PriceOrigin.live(SOURCE, now)));
      }
    }
    return out;
  }
}
