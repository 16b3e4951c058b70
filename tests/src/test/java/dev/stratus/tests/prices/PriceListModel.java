package dev.stratus.tests.prices;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stateful model of the AWS Price List Query API's {@code GetProducts} (JSON 1.1 protocol, {@code
 * X-Amz-Target: AWSPriceListService.GetProducts}) on 127.0.0.1, after its API reference: {@code
 * ServiceCode} required ({@code AmazonEC2} only here, else {@code NotFoundException}), {@code
 * TERM_MATCH} filters on product attributes, {@code FormatVersion aws_v1}, {@code MaxResults}
 * 1..100, an opaque {@code NextToken} bound to the query it came from ({@code
 * InvalidNextTokenException} otherwise), each {@code PriceList} entry a JSON document as a string.
 * The endpoint exists in one region: a request signed for another is refused, as the real service
 * refuses a credential scope that is not its own. It can throttle the next calls ({@code
 * ThrottlingException}).
 */
final class PriceListModel implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final List<ObjectNode> products = new ArrayList<>();
  private final LoopbackModel server;
  private final AtomicInteger throttle = new AtomicInteger();
  private final String region;
  private final int pageSize;
  final List<JsonNode> requests = new ArrayList<>();

  /**
   * Serving {@code region}'s endpoint; a page holds at most {@code pageSize} products whatever
   * {@code MaxResults} asks (the service may return fewer than asked, with a {@code NextToken}).
   */
  PriceListModel(String region, int pageSize) {
    this.region = region;
    this.pageSize = pageSize;
    server = new LoopbackModel("price-list", this::answer);
  }

  URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.port());
  }

  /** One EC2 compute-instance product with an on-demand hourly price (null: no OnDemand term). */
  synchronized PriceListModel instance(Map<String, String> attributes, String usdPerHour) {
    String sku = "SKU" + (1000 + products.size());
    ObjectNode doc = JsonNodeFactory.instance.objectNode();
    ObjectNode product = doc.putObject("product");
    product.put("productFamily", "Compute Instance");
    product.put("sku", sku);
    ObjectNode attrs = product.putObject("attributes");
    attrs.put("servicecode", "AmazonEC2");
    attrs.put("operation", "RunInstances");
    attributes.forEach(attrs::put);
    doc.put("serviceCode", "AmazonEC2");
    doc.put("version", "20261120000000");
    doc.put("publicationDate", "2026-11-20T00:00:00Z");
    ObjectNode terms = doc.putObject("terms");
    if (usdPerHour != null) {
      String term = sku + ".JRTCKXETXF";
      ObjectNode t = terms.putObject("OnDemand").putObject(term);
      t.put("offerTermCode", "JRTCKXETXF").put("sku", sku);
      t.put("effectiveDate", "2026-11-01T00:00:00Z");
      t.putObject("termAttributes");
      ObjectNode d = t.putObject("priceDimensions").putObject(term + ".6YS6EN2CT7");
      d.put("rateCode", term + ".6YS6EN2CT7").put("unit", "Hrs");
      d.put("description", "$" + usdPerHour + " per On Demand Linux Instance Hour");
      d.put("beginRange", "0").put("endRange", "Inf").putArray("appliesTo");
      d.putObject("pricePerUnit").put("USD", usdPerHour);
    }
    ObjectNode reserved = terms.putObject("Reserved").putObject(sku + ".4NA7Y494T4");
    reserved
        .putObject("priceDimensions")
        .putObject(sku + ".4NA7Y494T4.6YS6EN2CT7")
        .put("unit", "Hrs")
        .putObject("pricePerUnit")
        .put("USD", "1.0000000000");
    products.add(doc);
    return this;
  }

  /** The attributes of a plain on-demand Linux instance of {@code type} in {@code regionCode}. */
  static Map<String, String> linux(String type, String regionCode) {
    Map<String, String> a = new LinkedHashMap<>();
    a.put("instanceType", type);
    a.put("regionCode", regionCode);
    a.put("operatingSystem", "Linux");
    a.put("tenancy", "Shared");
    a.put("preInstalledSw", "NA");
    a.put("capacitystatus", "Used");
    a.put("licenseModel", "No License required");
    return a;
  }

  void throttleNext(int calls) {
    throttle.set(calls);
  }

  synchronized List<JsonNode> requests() {
    return List.copyOf(requests);
  }

  @Override
  public void close() {
    server.close();
  }

  private synchronized ResponseDefinition answer(Request request) {
    String target = request.getHeader("X-Amz-Target");
    if (!"AWSPriceListService.GetProducts".equals(target)) {
      return error(400, "UnknownOperationException", "unknown operation " + target);
    }
    String auth = request.containsHeader("Authorization") ? request.getHeader("Authorization") : "";
    if (!auth.contains("/" + region + "/pricing/aws4_request")) {
      return error(
          403, "InvalidSignatureException", "Credential should be scoped to a valid region.");
    }
    if (throttle.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return error(429, "ThrottlingException", "Rate exceeded");
    }
    JsonNode q;
    try {
      q = JSON.readTree(request.getBodyAsString());
    } catch (IOException e) {
      return error(400, "SerializationException", "body is not JSON");
    }
    requests.add(q);
    if (!"AmazonEC2".equals(q.path("ServiceCode").asText())) {
      return error(400, "NotFoundException", "Service not found: " + q.path("ServiceCode"));
    }
    if (q.has("FormatVersion") && !"aws_v1".equals(q.path("FormatVersion").asText())) {
      return error(400, "InvalidParameterException", "Invalid FormatVersion");
    }
    int max = q.path("MaxResults").asInt(100);
    if (max < 1 || max > 100) {
      return error(400, "InvalidParameterException", "MaxResults must be between 1 and 100");
    }
    Map<String, String> terms = new LinkedHashMap<>();
    for (JsonNode f : q.path("Filters")) {
      if (!"TERM_MATCH".equals(f.path("Type").asText())) {
        return error(400, "InvalidParameterException", "Invalid filter type " + f.path("Type"));
      }
      terms.put(f.path("Field").asText(), f.path("Value").asText());
    }
    List<ObjectNode> matching =
        products.stream()
            .filter(
                p ->
                    terms.entrySet().stream()
                        .allMatch(
                            t ->
                                t.getValue()
                                    .equalsIgnoreCase(
                                        p.path("product")
                                            .path("attributes")
                                            .path(t.getKey())
                                            .asText(null))))
            .toList();
    String query = terms.toString();
    int from = 0;
    if (q.hasNonNull("NextToken")) {
      String[] token = decode(q.path("NextToken").asText());
      if (token == null || !token[0].equals(Integer.toHexString(query.hashCode()))) {
        return error(400, "InvalidNextTokenException", "The pagination token is invalid.");
      }
      from = Integer.parseInt(token[1]);
    }
    int to = Math.min(matching.size(), from + Math.min(max, pageSize));
    ObjectNode body = JsonNodeFactory.instance.objectNode();
    body.put("FormatVersion", "aws_v1");
    ArrayNode list = body.putArray("PriceList");
    matching.subList(Math.min(from, to), to).forEach(p -> list.add(p.toString()));
    if (to < matching.size()) {
      body.put("NextToken", encode(Integer.toHexString(query.hashCode()) + ":" + to));
    }
    return aResponse()
        .withStatus(200)
        .withHeader("Content-Type", "application/x-amz-json-1.1")
        .withBody(body.toString())
        .build();
  }

  private static String encode(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }

  private static String[] decode(String token) {
    try {
      String[] parts =
          new String(Base64.getDecoder().decode(token), StandardCharsets.UTF_8).split(":");
      return parts.length == 2 && parts[1].matches("\\d+") ? parts : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static ResponseDefinition error(int status, String type, String message) {
    ObjectNode e = JsonNodeFactory.instance.objectNode();
    e.put("__type", type).put("Message", message);
    return aResponse()
        .withStatus(status)
        .withHeader("Content-Type", "application/x-amz-json-1.1")
        .withHeader("x-amzn-ErrorType", type)
        .withBody(e.toString())
        .build();
  }
}
