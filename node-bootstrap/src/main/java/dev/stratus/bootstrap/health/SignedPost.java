package dev.stratus.bootstrap.health;

import dev.stratus.wire.RequestSigner;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * POSTs a JSON body signed with the node's key ({@link RequestSigner}: the controller takes nothing
 * else), over HTTP/1.1, within a time limit. The agent's status reports and the health watcher's
 * reports go out this way.
 */
public final class SignedPost {
  private final HttpClient http;
  private final RequestSigner signer;
  private final Duration timeout;

  public SignedPost(HttpClient http, RequestSigner signer, Duration timeout) {
    this.http = http;
    this.signer = signer;
    this.timeout = timeout;
  }

  /** An HTTP/1.1 client (no h2c upgrade: the controller speaks 1.1), trusting {@code tls}. */
  public static HttpClient client(Optional<SSLContext> tls, Duration connectTimeout) {
    HttpClient.Builder b =
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout);
    tls.ifPresent(b::sslContext);
    return b.build();
  }

  /** The answer's status and body. */
  public record Response(int status, String body) {
    public boolean accepted() {
      return status / 100 == 2;
    }
  }

  public Response post(URI url, byte[] body) throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(url)
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    signer.headers("POST", RequestSigner.target(url), body).forEach(request::header);
    HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    return new Response(r.statusCode(), r.body());
  }
}
