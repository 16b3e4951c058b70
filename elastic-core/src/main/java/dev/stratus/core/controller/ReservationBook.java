package dev.stratus.core.controller;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.api.spi.ReservationAware;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reservations the clouds describe, and the pools with each reserved offering on the terms the
 * cloud gives it now: its window, instance count and state. The cloud is the truth: stratus.yaml
 * names a reservation, the provider's listing ({@link ReservationAware}) says when it is open. One
 * the cloud does not (or no longer) describe stays unresolved, so no job fits in it; that is logged
 * once.
 */
final class ReservationBook {
  private static final Logger log = LoggerFactory.getLogger(ReservationBook.class);

  private final Map<String, NodeProvider> providers;
  private final Set<String> reportedMissing = new HashSet<>();
  private Map<String, CapacityReservation> known = Map.of();

  ReservationBook(Map<String, NodeProvider> providers) {
    this.providers = providers;
  }

  /** Reads each reservation-aware provider's (cached) listing; a failing one keeps its last. */
  synchronized void refresh() {
    Map<String, CapacityReservation> next = new HashMap<>(known);
    for (NodeProvider p : providers.values()) {
      if (p instanceof ReservationAware aware) {
        try {
          for (CapacityReservation r : aware.reservations()) {
            next.put(key(r.provider(), r.id()), r);
          }
        } catch (ProviderException e) {
          log.warn("cannot list the reservations of {}: {}", p.name(), e.getMessage());
        }
      }
    }
    known = Map.copyOf(next);
  }

  /** The reservations last described, by provider. */
  synchronized List<CapacityReservation> known() {
    return List.copyOf(known.values());
  }

  /** {@code pools} with every reserved offering on the terms its cloud last described. */
  synchronized List<Pool> resolve(List<Pool> pools) {
    List<Pool> out = new ArrayList<>(pools.size());
    for (Pool p : pools) {
      if (p.offerings().stream().noneMatch(o -> o.terms() instanceof CapacityTerms.Reserved)) {
        out.add(p);
        continue;
      }
      List<Offering> offerings = new ArrayList<>();
      for (Offering o : p.offerings()) {
        offerings.add(resolve(p, o));
      }
      out.add(p.withOfferings(offerings));
    }
    return out;
  }

  private Offering resolve(Pool pool, Offering o) {
    if (!(o.terms() instanceof CapacityTerms.Reserved)) {
      return o;
    }
    CapacityReservation described = known.get(key(o.provider(), o.key().reservation()));
    if (described == null) {
      if (reportedMissing.add(o.key().toString())) {
        log.warn(
            "pool {}: {} does not describe reservation {}: nothing launches into it until it does",
            pool.name(),
            o.provider(),
            o.key().reservation());
      }
      return o;
    }
    reportedMissing.remove(o.key().toString());
    return o.withTerms(new CapacityTerms.Reserved(described));
  }

  private static String key(String provider, String id) {
    return provider + "/" + id;
  }
}
