package dev.stratus.tests.prices;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stateful model of the Azure Retail Prices API ({@code GET /api/retail/prices}) on 127.0.0.1, as
 * its reference describes it: {@code $filter} of {@code field eq 'value'} terms joined by {@code
 * and}, case-sensitive values (api-version 2023-01-01-preview), a page of {@code pageSize} items
 * with {@code NextPageLink} carrying {@code $skip}, {@code Count}, {@code BillingCurrency}. A
 * filter on a field items do not have is a 400, like the service; it can be told to throttle the
 * next calls (429 with {@code Retry-After}).
 */
final class RetailPricesModel implements AutoCloseable {
  private static final Pattern TERM = Pattern.compile("(\\w+) eq '([^']*)'");
  static final List<String> FIELDS =
      List.of(
          "serviceName",
          "armRegionName",
          "armSkuName",
          "priceType",
          "skuName",
          "productName",
          "meterName",
          "location",
          "serviceFamily",
          "currencyCode",
          "type");

  private final List<ObjectNode> items = new ArrayList<>();
  private final LoopbackModel server;
  private final AtomicInteger throttle = new AtomicInteger();
  final List<String> filters = new ArrayList<>();
  private final int pageSize;

  RetailPricesModel(int pageSize) {
    this.pageSize = pageSize;
    server =
        new LoopbackModel(
            "retail-prices", r -> answer(URI.create(r.getAbsoluteUrl().replace(" ", "%20"))));
  }

  URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.port() + "/api/retail/prices");
  }

  /** One meter, as the API lists it. */
  RetailPricesModel item(
      String region,
      String armSku,
      String skuName,
      String productName,
      String price,
      String start) {
    ObjectNode i = JsonNodeFactory.instance.objectNode();
    i.put("currencyCode", "USD");
    i.put("tierMinimumUnits", 0.0);
    i.put("retailPrice", Double.parseDouble(price));
    i.put("unitPrice", Double.parseDouble(price));
    i.put("armRegionName", region);
    i.put("location", "US East");
    i.put("effectiveStartDate", start);
    i.put(
        "meterId",
        java.util
            .UUID
            .nameUUIDFromBytes((armSku + skuName + productName).getBytes(StandardCharsets.UTF_8))
            .toString());
    i.put("meterName", skuName);
    i.put("productId", "DZH318Z08M9W");
    i.put("skuId", "DZH318Z08M9W/00" + items.size());
    i.put("productName", productName);
    i.put("skuName", skuName);
    i.put("serviceName", "Virtual Machines");
    i.put("serviceId", "DZH313Z7MMC8");
    i.put("serviceFamily", "Compute");
    i.put("unitOfMeasure", "1 Hour");
    i.put("type", "Consumption");
    i.put("isPrimaryMeterRegion", true);
    i.put("armSkuName", armSku);
    items.add(i);
    return this;
  }

  void throttleNext(int calls) {
    throttle.set(calls);
  }

  @Override
  public void close() {
    server.close();
  }

  private ResponseDefinition answer(URI uri) {
    if (!uri.getPath().equals("/api/retail/prices")) {
      return error(404, "NotFound", "no such path " + uri.getPath());
    }
    if (throttle.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return aResponse()
          .withStatus(429)
          .withHeader("Retry-After", "1")
          .withBody("{\"Error\":{\"Code\":\"TooManyRequests\",\"Message\":\"Too many requests\"}}")
          .build();
    }
    Map<String, String> q = query(uri.getRawQuery());
    String filter = q.getOrDefault("$filter", "");
    filters.add(filter);
    Map<String, String> terms = new LinkedHashMap<>();
    for (String part : filter.isBlank() ? new String[0] : filter.split(" and ")) {
      Matcher m = TERM.matcher(part.strip());
      if (!m.matches()) {
        return error(400, "BadRequest", "Invalid OData filter: " + part);
      }
      if (!FIELDS.contains(m.group(1))) {
        return error(400, "BadRequest", "Could not find a property named '" + m.group(1) + "'");
      }
      terms.put(m.group(1), m.group(2));
    }
    List<ObjectNode> matching = new ArrayList<>();
    for (ObjectNode i : items) {
      if (terms.entrySet().stream()
          .allMatch(t -> t.getValue().equals(i.path(itemField(t.getKey())).asText()))) {
        matching.add(i);
      }
    }
    int skip = Integer.parseInt(q.getOrDefault("$skip", "0"));
    ObjectNode body = JsonNodeFactory.instance.objectNode();
    body.put("BillingCurrency", "USD");
    body.put("CustomerEntityId", "Default");
    body.put("CustomerEntityType", "Retail");
    ArrayNode page = body.putArray("Items");
    matching.stream().skip(skip).limit(pageSize).forEach(page::add);
    if (skip + pageSize < matching.size()) {
      body.put(
          "NextPageLink",
          endpoint()
              + "?api-version="
              + q.get("api-version")
              + "&$filter="
              + filter
              + "&$skip="
              + (skip + pageSize));
    } else {
      body.putNull("NextPageLink");
    }
    body.put("Count", page.size());
    return aResponse()
        .withStatus(200)
        .withHeader("Content-Type", "application/json; charset=utf-8")
        .withBody(body.toString())
        .build();
  }

  /** The filter's {@code priceType} is the items' {@code type}; the other names are the same. */
  private static String itemField(String filterField) {
    return filterField.equals("priceType") ? "type" : filterField;
  }

  private static ResponseDefinition error(int status, String code, String message) {
    ObjectNode e = JsonNodeFactory.instance.objectNode();
    e.putObject("Error").put("Code", code).put("Message", message);
    return aResponse().withStatus(status).withBody(e.toString()).build();
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> q = new LinkedHashMap<>();
    if (raw != null) {
      for (String kv : raw.split("&")) {
        int eq = kv.indexOf('=');
        q.put(
            URLDecoder.decode(kv.substring(0, eq), StandardCharsets.UTF_8),
            URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
      }
    }
    return q;
  }
}
