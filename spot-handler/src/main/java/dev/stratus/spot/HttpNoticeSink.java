package dev.stratus.spot;

import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeJsonCodec;
import dev.stratus.wire.NoticeState;
import dev.stratus.wire.RequestSigner;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * POSTs each notice as JSON ({@link NoticeJsonCodec}) to the controller, signed with the node's key
 * ({@link RequestSigner}: the controller refuses anything else). Any 2xx answer means accepted;
 * anything else, or no answer within the timeout, is a refusal (the watcher tries again; a 401
 * names why in the error). {@link #state} asks {@code GET <url>/<instanceId>}, signed the same way:
 * a JSON answer with 200 (acting, released) or 404 (unknown); any other answer, or none, is a
 * failure (never a release).
 */
public final class HttpNoticeSink implements NoticeSink {
  private final URI url;
  private final Duration timeout;
  private final RequestSigner signer;
  private final MetadataHttp http;

  /** {@code tls}: the controller's CA for an https {@code url}; empty: the JVM's trust. */
  public HttpNoticeSink(URI url, Duration timeout, RequestSigner signer, Optional<SSLContext> tls) {
    this.url = url;
    this.timeout = timeout;
    this.signer = signer;
    this.http = new MetadataHttp(tls);
  }

  @Override
  public void report(InterruptionNotice notice) throws IOException {
    MetadataHttp.Response r =
        call(
            "POST", url, Map.of("Content-Type", "application/json"), NoticeJsonCodec.write(notice));
    if (r.status() / 100 != 2) {
      throw new MetadataServiceException("POST", url, r.status(), r.body());
    }
  }

  @Override
  public NoticeState state(String instanceId) throws IOException {
    URI uri = stateUrl(url, instanceId);
    MetadataHttp.Response r = call("GET", uri, Map.of("Accept", "application/json"), null);
    if (r.status() != 200 && r.status() != 404) {
      throw new MetadataServiceException("GET", uri, r.status(), r.body());
    }
    try {
      return NoticeJsonCodec.parseState(instanceId, r.body());
    } catch (IllegalArgumentException e) {
      throw new IOException("GET " + uri + " answered HTTP " + r.status() + ": " + e.getMessage());
    }
  }

  /**
   * {@code http://host:port/v1/notices} and {@code i-1}: {@code http://host:port/v1/notices/i-1}.
   */
  static URI stateUrl(URI sink, String instanceId) {
    String base = sink.toString().replaceFirst("/+$", "");
    String segment = URLEncoder.encode(instanceId, StandardCharsets.UTF_8).replace("+", "%20");
    return URI.create(base + "/" + segment);
  }

  private MetadataHttp.Response call(
      String method, URI uri, Map<String, String> headers, String body) throws IOException {
    Map<String, String> all = new LinkedHashMap<>(headers);
    all.putAll(
        signer.headers(
            method,
            RequestSigner.target(uri),
            body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8)));
    try {
      return http.send(method, uri, all, body, timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while calling " + uri, e);
    }
  }
}
