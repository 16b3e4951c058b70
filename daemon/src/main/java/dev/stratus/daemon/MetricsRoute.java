package dev.stratus.daemon;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * {@code GET /metrics}: the Prometheus text exposition. Open by Prometheus convention (it carries
 * counts, never a secret), or behind {@code Authorization: Bearer <token>} when {@code
 * controller.metricsTokenFile} names one (compared in constant time).
 */
public final class MetricsRoute {
  static final String PATH = "/metrics";

  /** Prometheus' text format 0.0.4, what {@code PrometheusMeterRegistry.scrape()} writes. */
  static final String TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final Supplier<String> scrape;
  private final Optional<byte[]> bearer;

  public MetricsRoute(Supplier<String> scrape, Optional<String> bearerToken) {
    this.scrape = scrape;
    this.bearer = bearerToken.map(t -> ("Bearer " + t).getBytes(StandardCharsets.UTF_8));
  }

  void handle(Request request, Response response, Callback callback) {
    if (!request.getMethod().equals("GET")) {
      Replies.text(response, callback, 405, "GET " + PATH);
      return;
    }
    if (bearer.isPresent()) {
      String given = request.getHeaders().get(HttpHeader.AUTHORIZATION);
      if (given == null
          || !MessageDigest.isEqual(bearer.get(), given.getBytes(StandardCharsets.UTF_8))) {
        response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer");
        Replies.text(response, callback, 401, "metrics need the bearer token");
        return;
      }
    }
    Replies.send(response, callback, 200, TYPE, scrape.get());
  }
}
