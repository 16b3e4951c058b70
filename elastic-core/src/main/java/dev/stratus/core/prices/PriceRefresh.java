package dev.stratus.core.prices;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PricesOfferings;
import dev.stratus.api.spi.ProviderException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One refresh of live prices: asks every provider that {@link PricesOfferings} for the pools'
 * offerings whose price is not the operator's own, puts the answers into the {@link PriceBook} and
 * the cache file, and says what it could not price (those stay at the bundled table's price, which
 * the report names with its date) and which providers failed (their earlier prices stay).
 */
public final class PriceRefresh {
  private static final Logger log = LoggerFactory.getLogger(PriceRefresh.class);

  /** What one refresh did, per provider. */
  public record Report(
      Map<String, Integer> quoted, Map<String, List<String>> missing, Map<String, String> failed) {
    public Report {
      quoted = Map.copyOf(quoted);
      missing = Map.copyOf(missing);
      failed = Map.copyOf(failed);
    }
  }

  private PriceRefresh() {}

  public static Report run(
      PriceBook book, Map<String, NodeProvider> providers, List<Pool> pools, Path cacheFile) {
    Map<String, Set<Offering>> wanted = new LinkedHashMap<>();
    for (Pool p : pools) {
      for (Offering o : p.offerings()) {
        if (o.priceOrigin().kind() != PriceOrigin.Kind.CONFIGURED) {
          wanted.computeIfAbsent(o.provider(), k -> new LinkedHashSet<>()).add(o);
        }
      }
    }
    Map<String, Integer> quoted = new LinkedHashMap<>();
    Map<String, List<String>> missing = new LinkedHashMap<>();
    Map<String, String> failed = new LinkedHashMap<>();
    wanted.forEach(
        (name, offerings) -> {
          NodeProvider provider = providers.get(name);
          if (!(provider instanceof PricesOfferings priced)) {
            return;
          }
          List<OfferingKey> keys = offerings.stream().map(Offering::key).toList();
          try {
            List<PriceQuote> quotes = priced.prices(keys);
            book.put(quotes);
            quoted.put(name, quotes.size());
            Set<OfferingKey> got = new LinkedHashSet<>();
            quotes.forEach(q -> got.add(q.key()));
            List<String> lacking = new ArrayList<>();
            for (Offering o : offerings) {
              if (!got.contains(o.key())) {
                lacking.add(o.key() + " (using " + o.priceOrigin().label() + ")");
              }
            }
            if (!lacking.isEmpty()) {
              missing.put(name, lacking);
              log.warn("prices: {} has no live price for {}", name, lacking);
            }
          } catch (ProviderException e) {
            failed.put(name, e.getMessage());
            log.warn(
                "prices: refreshing {} failed, keeping what was known: {}", name, e.getMessage());
          }
        });
    try {
      PriceCacheFile.write(cacheFile, book.quotes());
    } catch (IOException e) {
      log.warn("prices: cannot write the cache {}: {}", cacheFile, e.getMessage());
    }
    return new Report(quoted, missing, failed);
  }

  /** A book with what the cache file holds (a damaged file is logged and ignored). */
  public static PriceBook load(Path cacheFile, Duration maxAge) {
    PriceBook book = new PriceBook(maxAge);
    try {
      book.put(PriceCacheFile.read(cacheFile));
    } catch (IOException e) {
      log.warn("prices: {}; starting without cached prices", e.getMessage());
    }
    return book;
  }
}
