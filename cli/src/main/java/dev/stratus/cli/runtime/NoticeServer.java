package dev.stratus.cli.runtime;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.stratus.wire.BootstrapReport;
import dev.stratus.wire.BootstrapReportCodec;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeJsonCodec;
import dev.stratus.wire.NoticeState;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's HTTP endpoint. {@code POST /v1/notices} with one notice as JSON: a valid notice
 * is handed to {@code receive} (true: news) and a fresh one wakes a pass at once (202); a bad one
 * is refused with the reason (400). {@code GET /v1/notices/{instanceId}}: whether that instance's
 * node may go, as {@code {"instanceId":"..","state":"acting|released"}} (200) or {@code "unknown"}
 * (404), from {@code states} ({@link NoticeState}). {@code POST /v1/bootstrap}: see {@link
 * #acceptBootstrapReports}. {@code GET /metrics}: the Prometheus text exposition from {@code
 * metrics}. It listens on the private address the nodes reach (never on a public one by default);
 * every path serves only what any node there may see (no secrets in notices or metrics).
 */
public final class NoticeServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(NoticeServer.class);
  private static final int MAX_BODY = 16 * 1024;
  private static final String NOTICES = "/v1/notices";
  private static final String JSON_TYPE = "application/json";

  private final HttpServer server;

  /**
   * Prometheus' text format version 0.0.4, what {@code PrometheusMeterRegistry.scrape()} writes.
   */
  static final String METRICS_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  public NoticeServer(
      String listen,
      Predicate<InterruptionNotice> receive,
      Function<String, NoticeState> states,
      Runnable wake,
      Supplier<String> metrics)
      throws IOException {
    int colon = listen.lastIndexOf(':');
    server =
        HttpServer.create(
            new InetSocketAddress(
                listen.substring(0, colon), Integer.parseInt(listen.substring(colon + 1))),
            16);
    server.setExecutor(Executors.newSingleThreadExecutor(r -> new Thread(r, "notice-server")));
    server.createContext(
        NOTICES,
        exchange -> {
          try (exchange) {
            if (exchange.getRequestURI().getPath().equals(NOTICES)) {
              handle(exchange, receive, wake);
            } else {
              answerState(exchange, states);
            }
          }
        });
    server.createContext(
        "/metrics",
        exchange -> {
          try (exchange) {
            if (exchange.getRequestMethod().equals("GET")) {
              answer(exchange, 200, METRICS_TYPE, metrics.get().getBytes(StandardCharsets.UTF_8));
            } else {
              answer(exchange, 405, "GET /metrics");
            }
          }
        });
    server.start();
    log.info("notice endpoint listening on {}", address());
  }

  public InetSocketAddress address() {
    return server.getAddress();
  }

  private static void handle(
      HttpExchange exchange, Predicate<InterruptionNotice> receive, Runnable wake)
      throws IOException {
    if (!exchange.getRequestMethod().equals("POST")) {
      answer(
          exchange, 405, "POST a notice to /v1/notices (GET /v1/notices/{instanceId}: its state)");
      return;
    }
    byte[] body = body(exchange);
    if (body == null) {
      return;
    }
    InterruptionNotice notice;
    try {
      notice = NoticeJsonCodec.parse(new String(body, StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      log.warn("refused a notice from {}: {}", exchange.getRemoteAddress(), e.getMessage());
      answer(exchange, 400, e.getMessage());
      return;
    }
    boolean fresh = receive.test(notice);
    log.info(
        "{} {} notice for {} (deadline {}) from {}",
        fresh ? "new" : "repeated",
        notice.kind(),
        notice.instanceId(),
        notice.deadline(),
        exchange.getRemoteAddress());
    answer(exchange, 202, fresh ? "accepted" : "already known");
    if (fresh) {
      wake.run();
    }
  }

  /** {@code GET /v1/notices/{instanceId}}: one path segment, the instance id. */
  private static void answerState(HttpExchange exchange, Function<String, NoticeState> states)
      throws IOException {
    String path = exchange.getRequestURI().getPath();
    String id = path.startsWith(NOTICES + "/") ? path.substring(NOTICES.length() + 1) : "";
    if (id.isEmpty() || id.contains("/")) {
      answer(exchange, 404, "no such path; GET /v1/notices/{instanceId} or POST /v1/notices");
      return;
    }
    if (!exchange.getRequestMethod().equals("GET")) {
      answer(exchange, 405, "GET /v1/notices/{instanceId} for the state of its notice");
      return;
    }
    NoticeState state = states.apply(id);
    log.debug("{} asked about the notice for {}: {}", exchange.getRemoteAddress(), id, state);
    byte[] json = NoticeJsonCodec.writeState(id, state).getBytes(StandardCharsets.UTF_8);
    answer(exchange, state == NoticeState.UNKNOWN ? 404 : 200, JSON_TYPE, json);
  }

  /**
   * Also serves {@code POST /v1/bootstrap}: a node's bootstrap step ({@link BootstrapReportCodec});
   * a failed one goes to {@code receive} and wakes a pass. Answers 202, or 400 with the reason.
   */
  public void acceptBootstrapReports(
      Predicate<BootstrapReport> receive, Runnable wake, java.time.Clock clock) {
    server.createContext(
        "/v1/bootstrap",
        exchange -> {
          try (exchange) {
            if (!exchange.getRequestMethod().equals("POST")) {
              answer(exchange, 405, "POST a bootstrap step to /v1/bootstrap");
              return;
            }
            byte[] body = body(exchange);
            if (body == null) {
              return;
            }
            BootstrapReport report;
            try {
              report =
                  BootstrapReportCodec.parse(
                      new String(body, StandardCharsets.UTF_8),
                      exchange.getRemoteAddress().getAddress().getHostAddress(),
                      clock.instant());
            } catch (IllegalArgumentException e) {
              answer(exchange, 400, e.getMessage());
              return;
            }
            if (report.ok()) {
              log.debug("node {} bootstrap step {} done", report.node(), report.step());
            } else {
              log.warn(
                  "node {} failed bootstrap step {}: {}",
                  report.node(),
                  report.step(),
                  report.message());
            }
            answer(exchange, 202, "accepted");
            if (receive.test(report)) {
              wake.run();
            }
          }
        });
  }

  /** The request body, or null after answering 413 when it is too large. */
  private static byte[] body(HttpExchange exchange) throws IOException {
    byte[] body;
    try (InputStream in = exchange.getRequestBody()) {
      body = in.readNBytes(MAX_BODY + 1);
    }
    if (body.length > MAX_BODY) {
      answer(exchange, 413, "body larger than " + MAX_BODY + " bytes");
      return null;
    }
    return body;
  }

  private static void answer(HttpExchange exchange, int status, String text) throws IOException {
    answer(
        exchange,
        status,
        "text/plain; charset=utf-8",
        (text + "\n").getBytes(StandardCharsets.UTF_8));
  }

  private static void answer(HttpExchange exchange, int status, String type, byte[] bytes)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
