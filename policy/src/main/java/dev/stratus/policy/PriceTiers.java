package dev.stratus.policy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The offerings as nested markets, cheapest spot first: tier k is every offering whose spot price
 * is within {@link #WIDTH} of tier k's cheapest or below, priced at its dearest. Spot dearer than
 * the cheapest on-demand is in no tier. The policy asks the cheapest tier first whether to run
 * spot, wait or go on-demand, and a dearer tier only when a cheaper one would go on-demand: a zone
 * 30% dearer is no reason to give up waiting for the cheap ones while slack is cheap, and a good
 * reason to spend less slack when it is dear.
 */
record PriceTiers(List<Tier> tiers) {
  /** Offerings whose spot prices differ by at most this ratio share a tier. */
  static final double WIDTH = 0.02;

  /** One nested market: its offerings and the spot price the table is solved at. */
  record Tier(List<LocationView> offerings, double spotPricePerHour) {
    List<AvailabilityHistory> histories() {
      return offerings.stream().map(LocationView::history).toList();
    }

    boolean up() {
      return offerings.stream().anyMatch(LocationView::spotUsable);
    }
  }

  static PriceTiers of(DecisionInput in) {
    double onDemand = in.cheapestOnDemand().onDemandPricePerHour();
    List<LocationView> sorted =
        in.locations().stream()
            .filter(l -> l.spotPricePerHour() <= onDemand)
            .sorted(
                Comparator.comparingDouble(LocationView::spotPricePerHour)
                    .thenComparing(LocationView::location))
            .toList();
    List<Tier> tiers = new ArrayList<>();
    for (int i = 0; i < sorted.size(); ) {
      double floor = sorted.get(i).spotPricePerHour();
      int j = i;
      while (j < sorted.size() && sorted.get(j).spotPricePerHour() <= floor * (1 + WIDTH)) {
        j++;
      }
      tiers.add(new Tier(List.copyOf(sorted.subList(0, j)), sorted.get(j - 1).spotPricePerHour()));
      i = j;
    }
    return new PriceTiers(List.copyOf(tiers));
  }
}
