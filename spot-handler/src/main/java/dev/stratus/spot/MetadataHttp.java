package dev.stratus.spot;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLContext;

/**
 * The one HTTP client of the watchers: HTTP/1.1 (metadata services do not speak h2c), a connect
 * timeout, and a per-request timeout so a hung link-local service cannot stall a watcher.
 */
final class MetadataHttp {
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
  static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

  record Response(int status, String body, Optional<String> etag) {
    boolean ok() {
      return status == 200;
    }
  }

  private final HttpClient client;

  MetadataHttp() {
    this(Optional.empty());
  }

  /** {@code tls}: the trust for an https endpoint (the controller's CA file); empty: the JVM's. */
  MetadataHttp(Optional<SSLContext> tls) {
    HttpClient.Builder b =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(CONNECT_TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER);
    tls.ifPresent(b::sslContext);
    this.client = b.build();
  }

  Response get(URI uri, Map<String, String> headers) throws IOException, InterruptedException {
    return send("GET", uri, headers, null, REQUEST_TIMEOUT);
  }

  Response send(String method, URI uri, Map<String, String> headers, String body, Duration timeout)
      throws IOException, InterruptedException {
    return wrap(client.send(request(method, uri, headers, body, timeout), ofString()));
  }

  CompletableFuture<Response> sendAsync(URI uri, Map<String, String> headers, Duration timeout) {
    return client
        .sendAsync(request("GET", uri, headers, null, timeout), ofString())
        .thenApply(MetadataHttp::wrap);
  }

  private static HttpRequest request(
      String method, URI uri, Map<String, String> headers, String body, Duration timeout) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri)
            .timeout(timeout)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(b::header);
    return b.build();
  }

  private static HttpResponse.BodyHandler<String> ofString() {
    return HttpResponse.BodyHandlers.ofString();
  }

  private static Response wrap(HttpResponse<String> r) {
    return new Response(r.statusCode(), r.body(), r.headers().firstValue("ETag"));
  }
}
