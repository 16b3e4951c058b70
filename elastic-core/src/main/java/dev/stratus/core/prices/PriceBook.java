package dev.stratus.core.prices;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.PriceQuote;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The live prices the controller knows, and which price each offering is charged at. The order of
 * trust: the operator's {@code pricePerHour} in stratus.yaml (a negotiated rate, say) always wins;
 * then a live price no older than {@code maxAge} (fetched this run, or read back from the disk
 * cache: then marked cached); then the bundled table, whose date the origin shows. Thread-safe: the
 * refresher writes, passes and status read.
 */
public final class PriceBook {
  private final Duration maxAge;
  private final Map<OfferingKey, PriceQuote> live = new HashMap<>();

  public PriceBook(Duration maxAge) {
    this.maxAge = maxAge;
  }

  /** Takes fresh quotes (replacing older ones of the same offerings). */
  public synchronized void put(Collection<PriceQuote> quotes) {
    quotes.forEach(q -> live.put(q.key(), q));
  }

  public synchronized List<PriceQuote> quotes() {
    return List.copyOf(live.values());
  }

  /** The pools with every offering at the price it is charged at now (see the class comment). */
  public synchronized List<Pool> reprice(List<Pool> pools, Instant now) {
    List<Pool> out = new ArrayList<>(pools.size());
    for (Pool p : pools) {
      List<Offering> offerings = new ArrayList<>();
      for (Offering o : p.offerings()) {
        offerings.add(reprice(o, now));
      }
      out.add(
          new Pool(
              p.name(),
              p.partition(),
              p.gpuModel(),
              p.gpusPerNode(),
              p.cpus(),
              p.memoryMiB(),
              p.maxNodes(),
              offerings,
              p.gpuOptions(),
              p.spotPolicy()));
    }
    return out;
  }

  private Offering reprice(Offering o, Instant now) {
    if (o.priceOrigin().kind() == PriceOrigin.Kind.CONFIGURED) {
      return o;
    }
    PriceQuote q = live.get(o.key());
    if (q == null || fetchedAt(q).plus(maxAge).isBefore(now)) {
      return o;
    }
    return o.withPrice(q.perHour(), q.origin());
  }

  private static Instant fetchedAt(PriceQuote q) {
    return q.origin().fetchedAt().orElse(Instant.EPOCH);
  }
}
