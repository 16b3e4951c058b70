package dev.stratus.bootstrap.identity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.bootstrap.secret.KeySourceException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * GETs from a cloud's metadata service (JDK HTTP client, no proxy: the service is link-local). A
 * failure names the cloud, the step and the path; an answer's body never reaches a message, since
 * it may be a credential, except the {@code error_description} of Azure's JSON error shape.
 */
final class MetadataClient {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String cloud;
  private final URI base;
  private final Duration timeout;
  private final HttpClient http;

  MetadataClient(String cloud, URI base, Duration timeout) {
    this.cloud = cloud;
    this.base = base;
    this.timeout = timeout;
    this.http =
        HttpClient.newBuilder()
            // metadata services speak HTTP/1.1 only: no h2c upgrade attempt
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .proxy(HttpClient.Builder.NO_PROXY)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /**
   * The body of {@code GET <base><pathAndQuery>} with {@code header: value}, when it answers 200.
   *
   * @param step what this request is for, as the message names it
   * @param hint what to check when the service answers but refuses ("" for none)
   */
  String get(String step, String pathAndQuery, String header, String value, String hint)
      throws KeySourceException {
    String path = pathAndQuery.split("\\?")[0];
    HttpRequest req =
        HttpRequest.newBuilder(URI.create(base + pathAndQuery))
            .timeout(timeout)
            .header(header, value)
            .GET()
            .build();
    HttpResponse<String> r;
    try {
      r = http.send(req, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw failure(step, "cannot reach " + base + path + ": " + e.getClass().getSimpleName());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failure(step, "interrupted");
    }
    if (r.statusCode() != 200) {
      String said = errorDescription(r.body());
      throw failure(
          step,
          base
              + path
              + " answered HTTP "
              + r.statusCode()
              + (said.isEmpty() ? "" : " (" + said + ")")
              + (hint.isEmpty() ? "" : "; " + hint));
    }
    return r.body();
  }

  /** The JSON body's fields, or a failure naming the step (never quoting the body). */
  JsonNode json(String step, String body) throws KeySourceException {
    try {
      JsonNode n = JSON.readTree(body);
      if (n != null && n.isObject()) {
        return n;
      }
    } catch (IOException e) {
      // falls through: the parser's message would quote the body
    }
    throw failure(step, "the answer from " + base + " is not a JSON object");
  }

  /** A text field of {@code n} that must be there and not blank. */
  String field(String step, JsonNode n, String name) throws KeySourceException {
    JsonNode v = n.path(name);
    if (!v.isTextual() || v.asText().isBlank()) {
      throw failure(step, "the answer from " + base + " has no " + name);
    }
    return v.asText();
  }

  KeySourceException failure(String step, String what) {
    return new KeySourceException(cloud + " identity: " + step + " failed: " + what);
  }

  /** Azure IMDS errors are {@code {"error":"...","error_description":"..."}}; else nothing. */
  private static String errorDescription(String body) {
    try {
      JsonNode n = JSON.readTree(body == null ? "" : body);
      String d = n == null ? "" : n.path("error_description").asText("");
      return d.length() > 200 ? d.substring(0, 200) + "..." : d;
    } catch (IOException e) {
      return "";
    }
  }
}
