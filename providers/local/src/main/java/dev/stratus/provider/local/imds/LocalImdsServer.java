package dev.stratus.provider.local.imds;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.stratus.wire.RequestVerifier;
import dev.stratus.wire.SignedHeaders;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HTTP in front of {@link LocalImds}, in EC2's IMDSv2 format: {@code PUT /latest/api/token} (with
 * {@code X-aws-ec2-metadata-token-ttl-seconds}), then {@code GET /latest/meta-data/instance-id} and
 * {@code GET /latest/meta-data/spot/instance-action} (404 until a notice) with {@code
 * X-aws-ec2-metadata-token}; a missing or unknown token gets 401. The admin path {@code POST
 * /stratus/reclaim?notice=SECONDS} announces the reclaim and answers the deadline (ISO-8601); it
 * takes only requests the operator signed ({@code stratus local reclaim}, signer {@code
 * @operator}) with this node's key, which only the controller machine can derive and only this
 * node holds: anyone else on the bridge gets 401 and announces nothing.
 */
final class LocalImdsServer implements AutoCloseable {
  static final String TTL_HEADER = "X-aws-ec2-metadata-token-ttl-seconds";
  static final String TOKEN_HEADER = "X-aws-ec2-metadata-token";
  private static final Pattern NOTICE = Pattern.compile("notice=(\\d{1,5})");

  private final LocalImds imds;
  private final HttpServer server;
  private final Optional<RequestVerifier> admin;

  /** {@code nodeKey}: the node's signing key; empty: the admin path refuses everything. */
  LocalImdsServer(InetSocketAddress listen, LocalImds imds, Optional<byte[]> nodeKey, Clock clock)
      throws IOException {
    this.imds = imds;
    this.admin =
        nodeKey.map(
            key ->
                new RequestVerifier(
                    signer ->
                        signer.equals(SignedHeaders.OPERATOR) ? Optional.of(key) : Optional.empty(),
                    clock,
                    RequestVerifier.DEFAULT_WINDOW,
                    1000));
    this.server = HttpServer.create(listen, 16);
    server.setExecutor(Executors.newSingleThreadExecutor(r -> new Thread(r, "local-imds")));
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            handle(exchange);
          } catch (RuntimeException e) {
            answer(exchange, 500, "internal error: " + e.getMessage());
          }
        });
    server.start();
  }

  InetSocketAddress address() {
    return server.getAddress();
  }

  private void handle(HttpExchange ex) throws IOException {
    String method = ex.getRequestMethod();
    String path = ex.getRequestURI().getPath();
    byte[] body = ex.getRequestBody().readNBytes(4096);
    if (path.equals("/latest/api/token")) {
      if (!method.equals("PUT")) {
        answer(ex, 405, "PUT a token request");
        return;
      }
      token(ex);
    } else if (path.equals("/stratus/reclaim")) {
      if (!method.equals("POST")) {
        answer(ex, 405, "POST /stratus/reclaim?notice=SECONDS");
        return;
      }
      Optional<String> refused = refusal(ex, body);
      if (refused.isPresent()) {
        answer(ex, 401, refused.get());
        return;
      }
      reclaim(ex);
    } else if (path.startsWith("/latest/meta-data/")) {
      if (!method.equals("GET")) {
        answer(ex, 405, "GET metadata");
        return;
      }
      if (!imds.validToken(ex.getRequestHeaders().getFirst(TOKEN_HEADER))) {
        answer(ex, 401, "");
        return;
      }
      Optional<String> item = item(path.substring("/latest/meta-data/".length()));
      if (item.isPresent()) {
        answer(ex, 200, item.get());
      } else {
        answer(ex, 404, "Not Found");
      }
    } else {
      answer(ex, 404, "Not Found");
    }
  }

  private Optional<String> item(String name) {
    return switch (name) {
      case "instance-id" -> Optional.of(imds.instanceId());
      case "spot/instance-action" -> imds.instanceAction();
      default -> Optional.empty();
    };
  }

  private void token(HttpExchange ex) throws IOException {
    String ttl = ex.getRequestHeaders().getFirst(TTL_HEADER);
    try {
      answer(ex, 200, imds.issueToken(Long.parseLong(String.valueOf(ttl).strip())));
    } catch (IllegalArgumentException e) {
      answer(ex, 400, "bad " + TTL_HEADER + " '" + ttl + "': " + e.getMessage());
    }
  }

  /** Why the admin request is not the operator's; empty when it is. */
  private Optional<String> refusal(HttpExchange ex, byte[] body) {
    if (admin.isEmpty()) {
      return Optional.of("this metadata endpoint was started without the node's key");
    }
    String query = ex.getRequestURI().getRawQuery();
    String target = ex.getRequestURI().getRawPath() + (query == null ? "" : "?" + query);
    RequestVerifier.Verdict verdict =
        admin.get().verify("POST", target, body, ex.getRequestHeaders()::getFirst);
    return verdict instanceof RequestVerifier.Verdict.Refused r
        ? Optional.of(r.reason())
        : Optional.empty();
  }

  private void reclaim(HttpExchange ex) throws IOException {
    String query = String.valueOf(ex.getRequestURI().getRawQuery());
    Matcher m = NOTICE.matcher(query);
    if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
      answer(ex, 400, "query must be notice=SECONDS (1..99999), got '" + query + "'");
      return;
    }
    answer(ex, 200, imds.announce(Duration.ofSeconds(Long.parseLong(m.group(1)))).toString());
  }

  private static void answer(HttpExchange ex, int status, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "text/plain");
    ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    if (bytes.length > 0) {
      ex.getResponseBody().write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
