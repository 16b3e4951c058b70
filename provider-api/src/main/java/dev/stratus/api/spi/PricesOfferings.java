package dev.stratus.api.spi;

import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceQuote;
import java.util.Collection;
import java.util.List;

/**
 * A provider capability: the cloud's own current prices for its offerings, from its price API (AWS
 * Price List Query API and {@code DescribeSpotPriceHistory}, GCP Cloud Billing Catalog, Azure
 * Retail Prices). The controller's price book calls it on its own schedule ({@code
 * prices.refresh}), never on the pass thread, caches the answer on disk and falls back to the
 * bundled table for what it lacks.
 *
 * <ul>
 *   <li>It returns one {@link PriceQuote} per offering it found a price for, each with {@link
 *       dev.stratus.api.model.PriceOrigin#live} naming the API and the fetch time. An offering the
 *       API has no price for is left out (the caller names it and falls back); it is not an error.
 *   <li>It reads every page the API has (paging tokens or links) before answering.
 *   <li>Throttling and transient errors are retried inside (through {@code ProviderCalls}); what
 *       still fails throws {@link ProviderException}, and the caller keeps the prices it had.
 *   <li>Read-only, safe to call from any thread, concurrently with the other calls.
 * </ul>
 */
public interface PricesOfferings {
  List<PriceQuote> prices(Collection<OfferingKey> offerings);
}
