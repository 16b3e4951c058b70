package dev.stratus.cli.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.notice.BootstrapInbox;
import dev.stratus.core.notice.NoticeInbox;
import dev.stratus.wire.BootstrapReport;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeJsonCodec;
import dev.stratus.wire.NoticeState;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

/** The notice endpoint and {@code /metrics} over real HTTP on loopback. */
class NoticeServerTest {
  static final Instant RECEIVED = Instant.parse("2026-11-21T12:00:01Z");
  final MutableClock clock = MutableClock.of(RECEIVED, java.time.ZoneOffset.UTC);
  final NoticeInbox inbox = new NoticeInbox(clock);
  final AtomicInteger wakes = new AtomicInteger();
  final HttpClient http = HttpClient.newHttpClient();
  NoticeServer server;
  URI url;

  @BeforeEach
  void start() throws Exception {
    server =
        new NoticeServer(
            "127.0.0.1:0",
            n -> inbox.add(n, RECEIVED),
            inbox::state,
            wakes::incrementAndGet,
            () -> "stratus_up 1.0\n");
    url = URI.create("http://127.0.0.1:" + server.address().getPort() + "/v1/notices");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  HttpResponse<String> post(String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(url).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> send(String method, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(url.resolve(path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  static InterruptionNotice reclaim(String instanceId) {
    return new InterruptionNotice(
        instanceId,
        InterruptionNotice.Kind.RECLAIM,
        Instant.parse("2026-11-21T12:02:00Z"),
        Instant.parse("2026-11-21T12:00:00Z"));
  }

  @Test
  void aValidNoticeIsAcceptedOnceAndWakesTheController() throws Exception {
    var notice =
        new InterruptionNotice(
            "i-0abc",
            InterruptionNotice.Kind.RECLAIM,
            Instant.parse("2026-11-21T12:02:00Z"),
            Instant.parse("2026-11-21T12:00:00Z"));

    assertThat(post(NoticeJsonCodec.write(notice)).statusCode()).isEqualTo(202);
    assertThat(post(NoticeJsonCodec.write(notice)).body()).contains("already known");

    assertThat(inbox.pending())
        .extracting(p -> p.notice(), p -> p.receivedAt())
        .containsExactly(org.assertj.core.groups.Tuple.tuple(notice, RECEIVED));
    assertThat(wakes).hasValue(1);
  }

  @Test
  void aBadNoticeIsRefusedNamingTheField() throws Exception {
    HttpResponse<String> r =
        post(
            "{\"instanceId\":\"i-1\",\"kind\":\"RECLAIM\",\"deadline\":\"soon\",\"seenAt\":\"x\"}");

    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.body()).contains("deadline");
    assertThat(inbox.pending()).isEmpty();
    assertThat(wakes).hasValue(0);
  }

  @Test
  void aNoticeBeingActedOnReadsAsActingUntilItsJobIsRequeued() throws Exception {
    post(NoticeJsonCodec.write(reclaim("i-1")));

    HttpResponse<String> acting = send("GET", "/v1/notices/i-1");
    inbox.signalled("i-1", RECEIVED);
    String stillActing = send("GET", "/v1/notices/i-1").body();
    inbox.requeued("i-1", RECEIVED.plusSeconds(30));
    HttpResponse<String> released = send("GET", "/v1/notices/i-1");

    assertThat(acting.statusCode()).isEqualTo(200);
    assertThat(acting.headers().firstValue("Content-Type")).hasValue("application/json");
    assertThat(acting.body()).isEqualTo("{\"instanceId\":\"i-1\",\"state\":\"acting\"}");
    assertThat(stillActing).contains("\"acting\"");
    assertThat(released.statusCode()).isEqualTo(200);
    assertThat(released.body()).isEqualTo("{\"instanceId\":\"i-1\",\"state\":\"released\"}");
  }

  @Test
  void aFinishedNoticeStillReadsAsReleasedAfterItLeftTheInbox() throws Exception {
    post(NoticeJsonCodec.write(reclaim("i-1")));
    inbox.done("i-1");

    HttpResponse<String> r = send("GET", "/v1/notices/i-1");

    assertThat(inbox.pending()).isEmpty();
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(NoticeJsonCodec.parseState("i-1", r.body())).isEqualTo(NoticeState.RELEASED);
  }

  @Test
  void anInstanceWithoutANoticeIsUnknownWith404AndAJsonBody() throws Exception {
    HttpResponse<String> r = send("GET", "/v1/notices/i-never-reported");

    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(r.body()).isEqualTo("{\"instanceId\":\"i-never-reported\",\"state\":\"unknown\"}");
  }

  @Test
  void aStatePathWithoutOneInstanceIdIsNotFoundAndOnlyGetReadsAState() throws Exception {
    HttpResponse<String> trailingSlash = send("GET", "/v1/notices/");
    HttpResponse<String> twoSegments = send("GET", "/v1/notices/i-1/extra");
    HttpResponse<String> postToState = send("POST", "/v1/notices/i-1");
    HttpResponse<String> deleteState = send("DELETE", "/v1/notices/i-1");

    assertThat(trailingSlash.statusCode()).isEqualTo(404);
    assertThat(trailingSlash.body()).contains("GET /v1/notices/{instanceId}");
    assertThat(twoSegments.statusCode()).isEqualTo(404);
    assertThat(postToState.statusCode()).isEqualTo(405);
    assertThat(postToState.body()).contains("GET /v1/notices/{instanceId}");
    assertThat(deleteState.statusCode()).isEqualTo(405);
    assertThat(inbox.pending()).isEmpty();
  }

  @Test
  void onlyPostIsAllowed() throws Exception {
    var r =
        http.send(HttpRequest.newBuilder(url).GET().build(), HttpResponse.BodyHandlers.ofString());

    assertThat(r.statusCode()).isEqualTo(405);
  }

  @Test
  void metricsAreServedOnGetAsPrometheusText() throws Exception {
    URI metrics = url.resolve("/metrics");

    var get =
        http.send(
            HttpRequest.newBuilder(metrics).GET().build(), HttpResponse.BodyHandlers.ofString());
    var post =
        http.send(
            HttpRequest.newBuilder(metrics).POST(HttpRequest.BodyPublishers.noBody()).build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(get.statusCode()).isEqualTo(200);
    assertThat(get.headers().firstValue("Content-Type"))
        .hasValue("text/plain; version=0.0.4; charset=utf-8");
    assertThat(get.body()).isEqualTo("stratus_up 1.0\n");
    assertThat(post.statusCode()).isEqualTo(405);
  }

  @Test
  void aFailedBootstrapStepIsKeptWithTheSendersAddressAndWakesThePass() throws Exception {
    BootstrapInbox reports = new BootstrapInbox();
    server.acceptBootstrapReports(
        reports::add,
        wakes::incrementAndGet,
        java.time.Clock.fixed(RECEIVED, java.time.ZoneOffset.UTC));
    URI bootstrap = url.resolve("/v1/bootstrap");

    HttpResponse<String> ok =
        http.send(
            HttpRequest.newBuilder(bootstrap)
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"node\":\"gpu-001\",\"step\":\"munged\",\"ok\":true}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    HttpResponse<String> failed =
        http.send(
            HttpRequest.newBuilder(bootstrap)
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"node\":\"gpu-001\",\"step\":\"gpus\",\"ok\":false,"
                            + "\"message\":\"gpu: found 7 of 8 h100\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    HttpResponse<String> bad =
        http.send(
            HttpRequest.newBuilder(bootstrap)
                .POST(HttpRequest.BodyPublishers.ofString("{\"node\":\"gpu-001\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(ok.statusCode()).isEqualTo(202);
    assertThat(failed.statusCode()).isEqualTo(202);
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(bad.body()).contains("step must be a string");
    assertThat(wakes).hasValue(1);
    assertThat(reports.drain())
        .containsExactly(
            new BootstrapReport(
                "gpu-001", "gpus", false, "gpu: found 7 of 8 h100", "127.0.0.1", RECEIVED));
  }
}
