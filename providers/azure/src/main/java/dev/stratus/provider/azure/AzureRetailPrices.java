package dev.stratus.provider.azure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.ProviderError;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Live VM prices from the Azure Retail Prices API ({@code GET
 * https://prices.azure.com/api/retail/prices}, no authentication): one query per region and VM
 * size, {@code $filter=serviceName eq 'Virtual Machines' and armRegionName eq '...' and armSkuName
 * eq '...' and priceType eq 'Consumption'}, every page followed through {@code NextPageLink}. Of
 * the items, Linux ones priced per {@code 1 Hour} in USD count: the spot price is the meter whose
 * {@code skuName} ends in {@code Spot}, the on-demand one the meter that is neither Spot nor Low
 * Priority; the newest {@code effectiveStartDate} not in the future wins. Filter values are case
 * sensitive from api-version 2023-01-01-preview on.
 */
final class AzureRetailPrices {
  static final URI PUBLIC = URI.create("https://prices.azure.com/api/retail/prices");
  static final String API_VERSION = "2023-01-01-preview";
  static final String SOURCE = "azure Retail Prices API";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_PAGES = 100;

  private final URI endpoint;
  private final HttpClient http;
  private final ProviderCalls calls;
  private final Clock clock;

  AzureRetailPrices(URI endpoint, HttpClient http, ProviderCalls calls, Clock clock) {
    this.endpoint = endpoint;
    this.http = http;
    this.calls = calls;
    this.clock = clock;
  }

  List<PriceQuote> prices(Collection<OfferingKey> offerings) {
    Instant now = clock.instant();
    Map<List<String>, List<OfferingKey>> byQuery =
        offerings.stream()
            .collect(Collectors.groupingBy(k -> List.of(k.region(), k.instanceType())));
    List<PriceQuote> out = new ArrayList<>();
    byQuery.forEach(
        (q, keys) -> {
          List<JsonNode> items = items(q.get(0), q.get(1));
          for (OfferingKey k : keys) {
            price(items, k.capacityType(), now)
                .ifPresent(p -> out.add(new PriceQuote(k, p, PriceOrigin.live(SOURCE, now))));
          }
        });
    return out;
  }

  /** Every item of every page for one region and size. */
  private List<JsonNode> items(String region, String size) {
    String filter =
        "serviceName eq 'Virtual Machines' and armRegionName eq '"
            + region
            + "' and armSkuName eq '"
            + size
            + "' and priceType eq 'Consumption'";
    URI page =
        URI.create(
            endpoint
                + "?api-version="
                + API_VERSION
                + "&$filter="
                + URLEncoder.encode(filter, StandardCharsets.UTF_8).replace("+", "%20"));
    List<JsonNode> items = new ArrayList<>();
    for (int n = 0; page != null; n++) {
      if (n == MAX_PAGES) {
        throw new IllegalStateException("more than " + MAX_PAGES + " pages for " + size);
      }
      URI current = page;
      JsonNode body =
          calls.call(region, "RetailPrices", () -> get(current), AzureRetailPrices::translate);
      body.path("Items").forEach(items::add);
      page = next(body.path("NextPageLink"));
    }
    return items;
  }

  /** The next page, only on the same host as the first (a link elsewhere is refused). */
  private URI next(JsonNode link) {
    if (link.isMissingNode() || link.isNull() || link.asText().isBlank()) {
      return null;
    }
    URI next = URI.create(link.asText().replace(" ", "%20"));
    if (!endpoint.getHost().equals(next.getHost())) {
      throw new IllegalStateException("NextPageLink leaves " + endpoint.getHost() + ": " + next);
    }
    return next;
  }

  private JsonNode get(URI uri) throws IOException, InterruptedException {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new RetailPricesException(r.statusCode(), r.body());
    }
    return JSON.readTree(r.body());
  }

  static Optional<BigDecimal> price(List<JsonNode> items, CapacityType type, Instant now) {
    JsonNode best = null;
    for (JsonNode i : items) {
      String sku = i.path("skuName").asText();
      boolean spot = sku.endsWith(" Spot");
      boolean lowPriority = sku.endsWith(" Low Priority");
      if (!"USD".equals(i.path("currencyCode").asText())
          || !"1 Hour".equals(i.path("unitOfMeasure").asText())
          || !"Consumption".equals(i.path("type").asText())
          || i.path("productName").asText().contains("Windows")
          || lowPriority
          || spot != (type == CapacityType.SPOT)
          || start(i).isAfter(now)) {
        continue;
      }
      if (best == null || start(i).isAfter(start(best))) {
        best = i;
      }
    }
    return Optional.ofNullable(best).map(i -> new BigDecimal(i.path("retailPrice").asText()));
  }

  private static Instant start(JsonNode item) {
    return OffsetDateTime.parse(item.path("effectiveStartDate").asText()).toInstant();
  }

  static ProviderError translate(Exception e) {
    if (e instanceof RetailPricesException r) {
      String msg = "Retail Prices API answered " + r.status + ": " + r.body;
      if (r.status == 429 || r.status == 503) {
        return new ProviderError.Throttled("HTTP" + r.status, msg);
      }
      return r.status >= 500
          ? new ProviderError.Transient("HTTP" + r.status, msg)
          : new ProviderError.InvalidRequest("HTTP" + r.status, msg);
    }
    if (e instanceof IOException) {
      return new ProviderError.Transient(
          e.getClass().getSimpleName(), String.valueOf(e.getMessage()));
    }
    return new ProviderError.InvalidRequest(
        e.getClass().getSimpleName(), String.valueOf(e.getMessage()));
  }

  /** A non-200 answer; the body is the API's error text, kept short. */
  static final class RetailPricesException extends IOException {
    private static final long serialVersionUID = 1L;
    final int status;
    final String body;

    RetailPricesException(int status, String body) {
      super("HTTP " + status);
      this.status = status;
      this.body = body == null ? "" : body.length() > 300 ? body.substring(0, 300) : body;
    }
  }
}
