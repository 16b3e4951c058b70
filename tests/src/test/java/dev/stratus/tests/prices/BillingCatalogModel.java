package dev.stratus.tests.prices;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.http.QueryParameter;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stateful model of the Cloud Billing Catalog's {@code GET /v1/services/{service}/skus} on
 * 127.0.0.1, after its reference: SKUs of the Compute Engine service ({@code 6F81-5844-456A}; any
 * other is 404 {@code NOT_FOUND}), {@code pageSize} up to 5000 (the default), an opaque {@code
 * nextPageToken} (a token not issued by it is 400 {@code INVALID_ARGUMENT}), {@code currencyCode}
 * (USD only here). Public data, yet a caller must identify itself: an API key ({@code
 * x-goog-api-key} or {@code key}; a wrong one is 400) or a bearer token, else 403 {@code
 * PERMISSION_DENIED}. It can throttle the next calls (429 {@code RESOURCE_EXHAUSTED}).
 */
final class BillingCatalogModel implements AutoCloseable {
  static final String SERVICE = "6F81-5844-456A";
  static final int MAX_PAGE = 5000;
  private final List<ObjectNode> skus = new ArrayList<>();
  private final LoopbackModel server;
  private final AtomicInteger throttle = new AtomicInteger();
  private final String apiKey;
  final List<String> pageTokens = new ArrayList<>();

  BillingCatalogModel(String apiKey) {
    this.apiKey = apiKey;
    server = new LoopbackModel("billing-catalog", this::answer);
  }

  URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.port());
  }

  /** One SKU priced per {@code unit} ({@code h} or {@code GiBy.h}) in one region. */
  synchronized BillingCatalogModel sku(
      String description, String usageType, String group, String region, String unit, String usd) {
    String id = String.format("%04X-%04X-%04X", skus.size(), description.hashCode() & 0xffff, 7);
    ObjectNode s = JsonNodeFactory.instance.objectNode();
    s.put("name", "services/" + SERVICE + "/skus/" + id);
    s.put("skuId", id);
    s.put("description", description);
    s.putObject("category")
        .put("serviceDisplayName", "Compute Engine")
        .put("resourceFamily", "Compute")
        .put("resourceGroup", group)
        .put("usageType", usageType);
    s.putArray("serviceRegions").add(region);
    BigDecimal price = new BigDecimal(usd);
    ObjectNode info = s.putArray("pricingInfo").addObject();
    info.put("summary", "");
    info.put("effectiveTime", "2026-11-24T08:00:00.000Z");
    info.put("currencyConversionRate", 1);
    ObjectNode expr = info.putObject("pricingExpression");
    expr.put("usageUnit", unit)
        .put("displayQuantity", 1)
        .put("usageUnitDescription", unit.equals("h") ? "hour" : "gibibyte hour")
        .put("baseUnit", unit.equals("h") ? "s" : "By.s")
        .put("baseUnitDescription", unit.equals("h") ? "second" : "byte second")
        .put("baseUnitConversionFactor", unit.equals("h") ? 3600 : 3.8654705664e12);
    ObjectNode rate = expr.putArray("tieredRates").addObject();
    rate.put("startUsageAmount", 0);
    rate.putObject("unitPrice")
        .put("currencyCode", "USD")
        .put("units", price.longValue() + "")
        .put("nanos", price.remainder(BigDecimal.ONE).movePointRight(9).intValue());
    info.putObject("aggregationInfo")
        .put("aggregationLevel", "ACCOUNT")
        .put("aggregationInterval", "DAILY")
        .put("aggregationCount", 1);
    s.put("serviceProviderName", "Google");
    s.putObject("geoTaxonomy").put("type", "REGIONAL").putArray("regions").add(region);
    skus.add(s);
    return this;
  }

  void throttleNext(int calls) {
    throttle.set(calls);
  }

  @Override
  public void close() {
    server.close();
  }

  private synchronized ResponseDefinition answer(Request r) {
    String path = URI.create(r.getUrl()).getPath();
    if (!path.matches("/v1/services/[^/]+/skus")) {
      return error(404, "NOT_FOUND", "no such method " + path);
    }
    String key =
        r.containsHeader("x-goog-api-key") ? r.getHeader("x-goog-api-key") : param(r, "key");
    boolean bearer =
        r.containsHeader("Authorization") && r.getHeader("Authorization").startsWith("Bearer ");
    if (key == null && !bearer) {
      return error(
          403,
          "PERMISSION_DENIED",
          "Method doesn't allow unregistered callers (callers without established identity)."
              + " Please use API Key or other form of API consumer identity to call this API.");
    }
    if (key != null && !key.equals(apiKey)) {
      return error(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.");
    }
    if (throttle.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return error(
          429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Read requests' of service");
    }
    if (!path.equals("/v1/services/" + SERVICE + "/skus")) {
      return error(404, "NOT_FOUND", "Service not found");
    }
    String currency = param(r, "currencyCode");
    if (currency != null && !currency.equals("USD")) {
      return error(400, "INVALID_ARGUMENT", "Currency code not supported: " + currency);
    }
    String sizeText = param(r, "pageSize");
    int size = sizeText == null || sizeText.equals("0") ? MAX_PAGE : Integer.parseInt(sizeText);
    if (size < 0 || size > MAX_PAGE) {
      return error(400, "INVALID_ARGUMENT", "Page size must be between 0 and 5000");
    }
    String token = param(r, "pageToken");
    pageTokens.add(token == null ? "" : token);
    int from = 0;
    if (token != null && !token.isEmpty()) {
      try {
        String text = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
        if (!text.startsWith("skus:")) {
          throw new IllegalArgumentException(text);
        }
        from = Integer.parseInt(text.substring(5));
      } catch (IllegalArgumentException e) {
        return error(400, "INVALID_ARGUMENT", "Invalid page token");
      }
    }
    int to = Math.min(skus.size(), from + size);
    ObjectNode body = JsonNodeFactory.instance.objectNode();
    ArrayNode page = body.putArray("skus");
    skus.subList(Math.min(from, to), to).forEach(page::add);
    body.put(
        "nextPageToken",
        to < skus.size()
            ? Base64.getUrlEncoder().encodeToString(("skus:" + to).getBytes(StandardCharsets.UTF_8))
            : "");
    return aResponse()
        .withStatus(200)
        .withHeader("Content-Type", "application/json; charset=UTF-8")
        .withBody(body.toString())
        .build();
  }

  private static String param(Request r, String name) {
    QueryParameter p = r.queryParameter(name);
    return p.isPresent() ? p.firstValue() : null;
  }

  private static ResponseDefinition error(int code, String status, String message) {
    ObjectNode e = JsonNodeFactory.instance.objectNode();
    e.putObject("error").put("code", code).put("message", message).put("status", status);
    return aResponse()
        .withStatus(code)
        .withHeader("Content-Type", "application/json; charset=UTF-8")
        .withBody(e.toString())
        .build();
  }
}
