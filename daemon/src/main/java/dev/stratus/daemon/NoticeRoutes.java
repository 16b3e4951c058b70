package dev.stratus.daemon;

import dev.stratus.wire.BootstrapReport;
import dev.stratus.wire.BootstrapReportCodec;
import dev.stratus.wire.GpuHealthCodec;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeJsonCodec;
import dev.stratus.wire.NoticeState;
import dev.stratus.wire.RequestVerifier;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.function.Function;
import java.util.function.Predicate;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Promise;
import org.eclipse.jetty.util.thread.Invocable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the endpoint serves. Every route but {@code /metrics} takes only requests signed by a node
 * or the operator ({@link Signers}) and refuses the rest with 401, the reason and one log line;
 * each request counts against its source's rate first (429).
 *
 * <ul>
 *   <li>{@code POST /v1/notices}: one notice ({@link NoticeJsonCodec}) about the signer's own
 *       instance; a new one wakes a pass (202 "accepted"; a repeat 202 "already known").
 *   <li>{@code GET /v1/notices/{instanceId}}: the notice's {@link NoticeState} as JSON, 200 or 404
 *       for unknown; a node may ask only about its own instance.
 *   <li>{@code POST /v1/bootstrap}: a bootstrap step ({@link BootstrapReportCodec}) of the signer
 *       itself; a failed one wakes a pass (202).
 *   <li>{@code POST /v1/health}: a GPU health report ({@link GpuHealthCodec}) of the signer's own
 *       instance (202, with what became of it).
 *   <li>{@code GET /metrics}: Prometheus text ({@link MetricsRoute}).
 * </ul>
 */
public final class NoticeRoutes extends Handler.Abstract {
  private static final Logger log = LoggerFactory.getLogger(NoticeRoutes.class);
  static final String NOTICES = "/v1/notices";
  static final String BOOTSTRAP = "/v1/bootstrap";
  static final String HEALTH = "/v1/health";

  /** What the endpoint hands on what it accepts. */
  public record Receivers(
      Predicate<InterruptionNotice> notices,
      Function<String, NoticeState> states,
      Predicate<BootstrapReport> reports,
      Runnable wake,
      Function<GpuHealthReport, String> health) {
    /** Without GPU health reports: each is answered as not taken. */
    public Receivers(
        Predicate<InterruptionNotice> notices,
        Function<String, NoticeState> states,
        Predicate<BootstrapReport> reports,
        Runnable wake) {
      this(notices, states, reports, wake, r -> "not taken: this endpoint keeps no GPU health");
    }
  }

  private final Receivers receivers;
  private final Signers signers;
  private final MetricsRoute metrics;
  private final SourceRates rates;
  private final int maxBody;
  private final Clock clock;

  public NoticeRoutes(
      Receivers receivers,
      Signers signers,
      MetricsRoute metrics,
      EndpointLimits limits,
      Clock clock) {
    this.receivers = receivers;
    this.signers = signers;
    this.metrics = metrics;
    this.rates = new SourceRates(limits.requestsPerSecond(), limits.maxSources());
    this.maxBody = limits.maxBodyBytes();
    this.clock = clock;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    String source = Request.getRemoteAddr(request);
    if (!rates.admit(source)) {
      log.debug("429 for {} {} from {}", request.getMethod(), request.getHttpURI(), source);
      response.getHeaders().put("Retry-After", "1");
      Replies.text(response, callback, 429, "too many requests from " + source);
      return true;
    }
    String path = request.getHttpURI().getPath();
    String method = request.getMethod();
    if (path.equals(MetricsRoute.PATH)) {
      metrics.handle(request, response, callback);
    } else if (path.equals(NOTICES) || path.equals(BOOTSTRAP) || path.equals(HEALTH)) {
      if (!method.equals("POST")) {
        Replies.text(response, callback, 405, "POST to " + path);
      } else {
        withBody(request, response, callback);
      }
    } else if (path.startsWith(NOTICES + "/")) {
      String id = request.getHttpURI().getDecodedPath().substring(NOTICES.length() + 1);
      if (id.isEmpty() || id.contains("/")) {
        Replies.text(response, callback, 404, "no such path; GET /v1/notices/{instanceId}");
      } else if (!method.equals("GET")) {
        Replies.text(response, callback, 405, "GET /v1/notices/{instanceId} for its state");
      } else {
        state(request, response, callback, id, new byte[0]);
      }
    } else {
      Replies.text(response, callback, 404, "no such path");
    }
    return true;
  }

  /** Reads the body without holding a thread while it arrives; at most {@code maxBody} bytes. */
  private void withBody(Request request, Response response, Callback callback) {
    if (request.getLength() > maxBody) {
      Replies.text(response, callback, 413, "body larger than " + maxBody + " bytes");
      return;
    }
    Content.Source.asByteArrayAsync(
        request,
        maxBody,
        Promise.Invocable.from(
            Invocable.InvocationType.BLOCKING,
            (body, failure) -> {
              if (failure != null) {
                Replies.text(response, callback, 413, "body larger than " + maxBody + " bytes");
                return;
              }
              try {
                String at = request.getHttpURI().getPath();
                if (at.equals(NOTICES)) {
                  notice(request, response, callback, body);
                } else if (at.equals(HEALTH)) {
                  health(request, response, callback, body);
                } else {
                  bootstrap(request, response, callback, body);
                }
              } catch (RuntimeException e) {
                // the controller's side failed: say so, and keep the connection from hanging
                log.error("handling {} failed", request.getHttpURI().getPath(), e);
                Replies.text(response, callback, 500, "the controller could not take it");
              }
            }));
  }

  private void notice(Request request, Response response, Callback callback, byte[] body) {
    String signer = signer(request, response, callback, body);
    if (signer == null) {
      return;
    }
    InterruptionNotice notice;
    try {
      notice = NoticeJsonCodec.parse(new String(body, StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      refuse(request, response, callback, 400, e.getMessage());
      return;
    }
    var forbidden = signers.forbidden(signer, notice.instanceId());
    if (forbidden.isPresent()) {
      refuse(request, response, callback, 401, forbidden.get());
      return;
    }
    boolean fresh = receivers.notices().test(notice);
    log.info(
        "{} {} notice for {} (deadline {}) from {} ({})",
        fresh ? "new" : "repeated",
        notice.kind(),
        notice.instanceId(),
        notice.deadline(),
        signer,
        Request.getRemoteAddr(request));
    if (fresh) {
      receivers.wake().run();
    }
    Replies.text(response, callback, 202, fresh ? "accepted" : "already known");
  }

  private void state(
      Request request, Response response, Callback callback, String id, byte[] body) {
    String signer = signer(request, response, callback, body);
    if (signer == null) {
      return;
    }
    var forbidden = signers.forbidden(signer, id);
    if (forbidden.isPresent()) {
      refuse(request, response, callback, 401, forbidden.get());
      return;
    }
    NoticeState state = receivers.states().apply(id);
    log.debug("{} asked about the notice for {}: {}", signer, id, state);
    Replies.send(
        response,
        callback,
        state == NoticeState.UNKNOWN ? 404 : 200,
        Replies.JSON,
        NoticeJsonCodec.writeState(id, state));
  }

  private void bootstrap(Request request, Response response, Callback callback, byte[] body) {
    String signer = signer(request, response, callback, body);
    if (signer == null) {
      return;
    }
    BootstrapReport report;
    try {
      report =
          BootstrapReportCodec.parse(
              new String(body, StandardCharsets.UTF_8),
              Request.getRemoteAddr(request),
              clock.instant());
    } catch (IllegalArgumentException e) {
      refuse(request, response, callback, 400, e.getMessage());
      return;
    }
    if (!report.node().equals(signer)) {
      refuse(
          request,
          response,
          callback,
          401,
          "signed by "
              + signer
              + ", which may report only its own bootstrap, not "
              + report.node());
      return;
    }
    if (report.ok()) {
      log.debug("node {} bootstrap step {} done", report.node(), report.step());
    } else {
      log.warn(
          "node {} failed bootstrap step {}: {}", report.node(), report.step(), report.message());
    }
    if (receivers.reports().test(report)) {
      receivers.wake().run();
    }
    Replies.text(response, callback, 202, "accepted");
  }

  /**
   * A GPU health report of the signer's own instance: folded into the node's health ({@code 202}
   * with what became of it).
   */
  private void health(Request request, Response response, Callback callback, byte[] body) {
    String signer = signer(request, response, callback, body);
    if (signer == null) {
      return;
    }
    GpuHealthReport report;
    try {
      report = GpuHealthCodec.parse(new String(body, StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      refuse(request, response, callback, 400, e.getMessage());
      return;
    }
    var forbidden =
        report.node().equals(signer)
            ? signers.forbidden(signer, report.instanceId())
            : java.util.Optional.of(
                "signed by "
                    + signer
                    + ", which may report only its own GPUs, not "
                    + report.node());
    if (forbidden.isPresent()) {
      refuse(request, response, callback, 401, forbidden.get());
      return;
    }
    String outcome = receivers.health().apply(report);
    log.debug("GPU health of {} (#{}): {}", report.node(), report.sequence(), outcome);
    Replies.text(response, callback, 202, outcome);
  }

  /** The proven signer, or null after answering 401. */
  private String signer(Request request, Response response, Callback callback, byte[] body) {
    RequestVerifier.Verdict verdict =
        signers
            .verifier()
            .verify(
                request.getMethod(),
                request.getHttpURI().getPathQuery(),
                body,
                request.getHeaders()::get);
    if (verdict instanceof RequestVerifier.Verdict.Refused refused) {
      refuse(request, response, callback, 401, refused.reason());
      return null;
    }
    return ((RequestVerifier.Verdict.Accepted) verdict).signer();
  }

  private static void refuse(
      Request request, Response response, Callback callback, int status, String reason) {
    log.warn(
        "refused {} {} from {} ({}): {}",
        request.getMethod(),
        request.getHttpURI().getPath(),
        Request.getRemoteAddr(request),
        status,
        reason);
    Replies.text(response, callback, status, reason);
  }
}
