package dev.stratus.provider.oci;

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
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Live prices from OCI's public price list ({@code GET
 * https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?partNumber=...&currencyCode=USD},
 * no authentication), every page followed ({@code hasMore} and the {@code next} link, on the same
 * host only). OCI prices a GPU shape per GPU-hour, its cores and memory included, so a node-hour is
 * the shape's GPUs × its part's {@code PAY_AS_YOU_GO} USD price with {@code metricName} {@code GPU
 * Per Hour}. Preemptible capacity is half the on-demand price (OCI's compute price list has no part
 * of its own for it). Shapes without a known part ({@code BM.GPU4.8}, any other) are left out.
 */
final class OciPriceList {
  static final URI PUBLIC =
      URI.create("https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/");
  static final String SOURCE = "oci price list API";

  /** Shape to the part that prices one of its GPUs for an hour. */
  static final Map<String, String> GPU_PARTS =
      Map.of(
          "BM.GPU.H100.8", "B98415",
          "BM.GPU.A100-v2.8", "B95907",
          "BM.GPU.H200.8", "B110519");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_PAGES = 50;
  private final URI endpoint;
  private final HttpClient http;
  private final ProviderCalls calls;
  private final Clock clock;

  OciPriceList(URI endpoint, ProviderCalls calls, Clock clock) {
    this.endpoint = endpoint;
    this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
    this.calls = calls;
    this.clock = clock;
  }

  List<PriceQuote> prices(Collection<OfferingKey> offerings) {
    Instant now = clock.instant();
    List<PriceQuote> out = new ArrayList<>();
    Map<String, Optional<BigDecimal>> perGpu = new HashMap<>();
    for (OfferingKey k : offerings) {
      String part = GPU_PARTS.get(k.instanceType());
      var shape = OciCatalog.find(k.instanceType());
      if (part == null || shape.isEmpty()) {
        continue;
      }
      Optional<BigDecimal> gpuHour = perGpu.computeIfAbsent(part, this::gpuHour);
      gpuHour.ifPresent(
          p -> {
            BigDecimal node = p.multiply(BigDecimal.valueOf(shape.get().gpus()));
            if (k.capacityType() == CapacityType.SPOT) {
              node = node.divide(BigDecimal.valueOf(2));
            }
            out.add(new PriceQuote(k, PriceQuote.plain(node), PriceOrigin.live(SOURCE, now)));
          });
    }
    return out;
  }

  /**
   * The part's USD pay-as-you-go price per GPU-hour, from every page of the answer; none when its
   * hourly items disagree (then the part does not say what an hour costs).
   */
  private Optional<BigDecimal> gpuHour(String part) {
    Set<BigDecimal> found = new TreeSet<>();
    URI page =
        URI.create(
            endpoint
                + "?partNumber="
                + URLEncoder.encode(part, StandardCharsets.UTF_8)
                + "&currencyCode=USD");
    for (int n = 0; page != null; n++) {
      if (n == MAX_PAGES) {
        throw new IllegalStateException("more than " + MAX_PAGES + " pages for part " + part);
      }
      URI current = page;
      JsonNode body = calls.call("global", "products", () -> get(current), OciPriceList::translate);
      for (JsonNode item : body.path("items")) {
        if (part.equals(item.path("partNumber").asText())
            && "GPU Per Hour".equals(item.path("metricName").asText())) {
          payAsYouGo(item).map(PriceQuote::plain).ifPresent(found::add);
        }
      }
      page = body.path("hasMore").asBoolean(false) ? next(body) : null;
    }
    return found.size() == 1 ? Optional.of(found.iterator().next()) : Optional.empty();
  }

  static Optional<BigDecimal> payAsYouGo(JsonNode item) {
    for (JsonNode local : item.path("currencyCodeLocalizations")) {
      if (!"USD".equals(local.path("currencyCode").asText())) {
        continue;
      }
      for (JsonNode price : local.path("prices")) {
        if ("PAY_AS_YOU_GO".equals(price.path("model").asText())
            && price.path("value").isNumber()
            && price.path("rangeMin").asDouble(0) == 0) {
          return Optional.of(price.path("value").decimalValue());
        }
      }
    }
    return Optional.empty();
  }

  /** The {@code next} link, only on the endpoint's host. */
  private URI next(JsonNode body) {
    for (JsonNode link : body.path("links")) {
      if ("next".equals(link.path("rel").asText())) {
        URI next = URI.create(link.path("href").asText());
        if (!endpoint.getHost().equals(next.getHost())) {
          throw new IllegalStateException("next link leaves " + endpoint.getHost() + ": " + next);
        }
        return next;
      }
    }
    throw new IllegalStateException("hasMore without a next link");
  }

  private JsonNode get(URI uri) throws IOException, InterruptedException {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new PriceListException(
          r.statusCode(), r.headers().firstValue("Retry-After").orElse(""), r.body());
    }
    return JSON.readTree(r.body());
  }

  static ProviderError translate(Exception e) {
    if (e instanceof PriceListException p) {
      String code = "HTTP" + p.status;
      String msg = "OCI price list answered " + p.status + ": " + p.body;
      if (p.status == 429 || p.status == 503) {
        return new ProviderError.Throttled(code, msg, retryAfter(p.retryAfter));
      }
      return p.status >= 500
          ? new ProviderError.Transient(code, msg)
          : new ProviderError.InvalidRequest(code, msg);
    }
    if (e instanceof IOException) {
      return new ProviderError.Transient(
          e.getClass().getSimpleName(), String.valueOf(e.getMessage()));
    }
    return new ProviderError.InvalidRequest(
        e.getClass().getSimpleName(), String.valueOf(e.getMessage()));
  }

  private static Duration retryAfter(String header) {
    return header.matches("\\d{1,5}") ? Duration.ofSeconds(Long.parseLong(header)) : Duration.ZERO;
  }

  /** A non-200 answer; the body is kept short. */
  static final class PriceListException extends IOException {
    private static final long serialVersionUID = 1L;
    final int status;
    final String retryAfter;
    final String body;

    PriceListException(int status, String retryAfter, String body) {
      super("HTTP " + status);
      this.status = status;
      this.retryAfter = retryAfter;
      this.body = body == null ? "" : body.length() > 300 ? body.substring(0, 300) : body;
    }
  }
}
