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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stateful model of OCI's public price list ({@code GET /pls/apex/cetools/api/v1/products/}) on
 * 127.0.0.1, in the APEX REST collection shape its answers have: {@code items} (each part with
 * {@code partNumber}, {@code displayName}, {@code metricName}, {@code serviceCategory} and {@code
 * currencyCodeLocalizations[].prices[]} of {@code {model, value}}), {@code hasMore}, {@code limit},
 * {@code offset}, {@code count} and {@code links} with a {@code next} link while more remain;
 * filtered by {@code partNumber} and {@code currencyCode} (an unknown part is an empty list, not an
 * error). No authentication. It can throttle the next calls (429 with {@code Retry-After}).
 */
final class OciPriceListModel implements AutoCloseable {
  static final String PATH = "/pls/apex/cetools/api/v1/products/";
  private final List<ObjectNode> parts = new ArrayList<>();
  private final LoopbackModel server;
  private final AtomicInteger throttle = new AtomicInteger();
  private final int pageSize;
  final List<String> queries = new ArrayList<>();

  OciPriceListModel(int pageSize) {
    this.pageSize = pageSize;
    server = new LoopbackModel("oci-price-list", this::answer);
  }

  URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.port() + PATH);
  }

  /** One part with a USD and a EUR pay-as-you-go price. */
  synchronized OciPriceListModel part(String number, String name, String metric, String usd) {
    ObjectNode p = JsonNodeFactory.instance.objectNode();
    p.put("partNumber", number);
    p.put("displayName", name);
    p.put("metricName", metric);
    p.put("serviceCategory", "Compute - GPU");
    ArrayNode locs = p.putArray("currencyCodeLocalizations");
    locs.addObject()
        .put("currencyCode", "EUR")
        .putArray("prices")
        .addObject()
        .put("model", "PAY_AS_YOU_GO")
        .put("value", new BigDecimal(usd).multiply(new BigDecimal("0.93")));
    locs.addObject()
        .put("currencyCode", "USD")
        .putArray("prices")
        .addObject()
        .put("model", "PAY_AS_YOU_GO")
        .put("value", new BigDecimal(usd));
    parts.add(p);
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
    if (!URI.create(r.getUrl()).getPath().equals(PATH)) {
      return aResponse().withStatus(404).withBody("{\"message\":\"Not Found\"}").build();
    }
    if (throttle.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return aResponse().withStatus(429).withHeader("Retry-After", "1").build();
    }
    String part = param(r, "partNumber");
    String currency = param(r, "currencyCode");
    queries.add(part + "/" + currency);
    List<ObjectNode> matching = new ArrayList<>();
    for (ObjectNode p : parts) {
      if (part == null || part.equals(p.path("partNumber").asText())) {
        ObjectNode copy = p.deepCopy();
        if (currency != null) {
          ArrayNode locs = (ArrayNode) copy.path("currencyCodeLocalizations");
          for (int i = locs.size() - 1; i >= 0; i--) {
            if (!currency.equals(locs.get(i).path("currencyCode").asText())) {
              locs.remove(i);
            }
          }
        }
        matching.add(copy);
      }
    }
    int offset = param(r, "offset") == null ? 0 : Integer.parseInt(param(r, "offset"));
    int to = Math.min(matching.size(), offset + pageSize);
    ObjectNode body = JsonNodeFactory.instance.objectNode();
    body.put("lastUpdated", "2026-11-20T09:09:55.872Z");
    ArrayNode items = body.putArray("items");
    matching.subList(Math.min(offset, to), to).forEach(items::add);
    body.put("hasMore", to < matching.size());
    body.put("limit", pageSize).put("offset", offset).put("count", items.size());
    ArrayNode links = body.putArray("links");
    String base =
        endpoint()
            + "?"
            + (part == null ? "" : "partNumber=" + part + "&")
            + (currency == null ? "" : "currencyCode=" + currency + "&");
    links.addObject().put("rel", "self").put("href", base + "offset=" + offset);
    if (to < matching.size()) {
      links.addObject().put("rel", "next").put("href", base + "offset=" + to);
    }
    return aResponse()
        .withStatus(200)
        .withHeader("Content-Type", "application/json")
        .withBody(body.toString())
        .build();
  }

  private static String param(Request r, String name) {
    QueryParameter p = r.queryParameter(name);
    return p.isPresent() ? p.firstValue() : null;
  }
}
