package dev.stratus.provider.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.pricing.PricingClient;
import software.amazon.awssdk.services.pricing.model.Filter;
import software.amazon.awssdk.services.pricing.model.FilterType;
import software.amazon.awssdk.services.pricing.model.GetProductsResponse;

/**
 * On-demand prices from the Price List Query API: {@code GetProducts} of {@code AmazonEC2} with
 * {@code TERM_MATCH} filters that pin the plain on-demand Linux instance hour of one type in one
 * region ({@code operatingSystem=Linux}, {@code tenancy=Shared}, {@code preInstalledSw=NA}, {@code
 * capacitystatus=Used}: the other capacity statuses are reservations and dedicated hosts), every
 * page through {@code NextToken}. Each PriceList entry is a JSON document of its own; the price is
 * its {@code OnDemand} term's dimension in {@code Hrs} with a {@code USD} price. When the products
 * left disagree on the price the filters did not pin one product, and the type is left out (the
 * refresh then names its fallback) rather than guessed.
 */
final class AwsPriceList {
  static final String SERVICE = "AmazonEC2";
  static final int PAGE_SIZE = 100;
  private static final Logger log = LoggerFactory.getLogger(AwsPriceList.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_PAGES = 50;

  private final PricingClient pricing;
  private final ProviderCalls calls;
  private final String pricesRegion;

  AwsPriceList(PricingClient pricing, ProviderCalls calls, String pricesRegion) {
    this.pricing = pricing;
    this.calls = calls;
    this.pricesRegion = pricesRegion;
  }

  /** The on-demand price per hour of {@code instanceType} in {@code region}, if one is listed. */
  Optional<BigDecimal> onDemand(String region, String instanceType) {
    TreeSet<BigDecimal> prices = new TreeSet<>();
    for (String document : products(region, instanceType)) {
      prices.addAll(onDemandHourly(parse(document)));
    }
    if (prices.size() > 1) {
      log.warn(
          "prices: the Price List API has {} on-demand prices for {} in {} ({}); leaving it out",
          prices.size(),
          instanceType,
          region,
          prices);
      return Optional.empty();
    }
    return prices.stream().findFirst();
  }

  private List<String> products(String region, String instanceType) {
    List<Filter> filters =
        List.of(
            term("instanceType", instanceType),
            term("regionCode", region),
            term("operatingSystem", "Linux"),
            term("tenancy", "Shared"),
            term("preInstalledSw", "NA"),
            term("capacitystatus", "Used"));
    List<String> documents = new ArrayList<>();
    String token = null;
    for (int n = 0; n == 0 || token != null && !token.isEmpty(); n++) {
      if (n == MAX_PAGES) {
        throw new IllegalStateException("more than " + MAX_PAGES + " pages for " + instanceType);
      }
      String next = token;
      GetProductsResponse page =
          calls.call(
              pricesRegion,
              "GetProducts",
              () ->
                  pricing.getProducts(
                      r ->
                          r.serviceCode(SERVICE)
                              .formatVersion("aws_v1")
                              .filters(filters)
                              .maxResults(PAGE_SIZE)
                              .nextToken(next)),
              Ec2Errors::translate);
      documents.addAll(page.priceList());
      token = page.nextToken();
    }
    return documents;
  }

  /** The USD hourly prices of a product's on-demand terms; zero prices are not a price. */
  static List<BigDecimal> onDemandHourly(JsonNode product) {
    List<BigDecimal> out = new ArrayList<>();
    for (JsonNode term : iterable(product.path("terms").path("OnDemand"))) {
      for (JsonNode dimension : iterable(term.path("priceDimensions"))) {
        JsonNode usd = dimension.path("pricePerUnit").path("USD");
        if ("Hrs".equals(dimension.path("unit").asText()) && usd.isTextual()) {
          BigDecimal price = PriceQuote.plain(new BigDecimal(usd.asText()));
          if (price.signum() > 0) {
            out.add(price);
          }
        }
      }
    }
    return out;
  }

  private static Iterable<JsonNode> iterable(JsonNode object) {
    List<JsonNode> values = new ArrayList<>();
    object.fields().forEachRemaining((Map.Entry<String, JsonNode> e) -> values.add(e.getValue()));
    return values;
  }

  private JsonNode parse(String document) {
    try {
      return JSON.readTree(document);
    } catch (IOException e) {
      throw new ProviderException(
          new ProviderError.InvalidRequest(
              "PriceListDocument", "a PriceList entry is not JSON: " + e.getMessage()));
    }
  }

  private static Filter term(String field, String value) {
    return Filter.builder().type(FilterType.TERM_MATCH).field(field).value(value).build();
  }
}
