package dev.stratus.spot;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeJsonCodec;
import dev.stratus.wire.NoticeState;
import dev.stratus.wire.RequestVerifier;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

class HttpNoticeSinkTest {
  static final InterruptionNotice NOTICE =
      new InterruptionNotice(
          "i-0abc",
          InterruptionNotice.Kind.RECLAIM,
          Instant.parse("2026-11-21T12:02:00Z"),
          Instant.parse("2026-11-21T12:00:00Z"));

  final WireMockServer controller =
      new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());

  HttpNoticeSinkTest() {
    controller.start();
  }

  @AfterEach
  void stop() {
    controller.stop();
  }

  final MutableClock clock = MutableClock.of(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);

  HttpNoticeSink sink() {
    return new HttpNoticeSink(
        URI.create("http://127.0.0.1:" + controller.port() + "/v1/notices"),
        Duration.ofSeconds(2),
        Signatures.signer(clock),
        Optional.empty());
  }

  @Test
  void theNoticeAndTheStateQuestionAreSignedWithTheNodesKey() throws IOException {
    controller.stubFor(post("/v1/notices").willReturn(aResponse().withStatus(202)));
    controller.stubFor(
        get("/v1/notices/zone-a%2Fvm-1")
            .willReturn(okJson("{\"instanceId\":\"zone-a/vm-1\",\"state\":\"acting\"}")));

    sink().report(NOTICE);
    sink().state("zone-a/vm-1");

    var received = controller.getAllServeEvents().stream().map(e -> e.getRequest()).toList();
    assertThat(received).hasSize(2);
    assertThat(received)
        .allSatisfy(
            r ->
                assertThat(Signatures.verify(r, clock))
                    .isEqualTo(new RequestVerifier.Verdict.Accepted("gpu-001")));
  }

  @Test
  void theNoticeIsPostedAsJsonAndA2xxAnswerAcceptsIt() throws IOException {
    controller.stubFor(post("/v1/notices").willReturn(aResponse().withStatus(202)));

    sink().report(NOTICE);

    controller.verify(
        postRequestedFor(urlEqualTo("/v1/notices"))
            .withHeader("Content-Type", equalTo("application/json"))
            .withRequestBody(
                equalToJson(
                    "{\"instanceId\":\"i-0abc\",\"kind\":\"RECLAIM\","
                        + "\"deadline\":\"2026-11-21T12:02:00Z\",\"seenAt\":\"2026-11-21T12:00:00Z\"}")));
  }

  @Test
  void anErrorAnswerIsARefusalNamingTheUrlAndStatus() {
    controller.stubFor(
        post("/v1/notices").willReturn(aResponse().withStatus(503).withBody("busy")));

    assertThatThrownBy(() -> sink().report(NOTICE))
        .isInstanceOf(MetadataServiceException.class)
        .hasMessageContaining("POST http://127.0.0.1:")
        .hasMessageContaining("/v1/notices answered HTTP 503: busy");
  }

  @Test
  void theStateIsAskedNextToTheSinkUrlAndReadFrom200Or404() throws IOException {
    controller.stubFor(
        get("/v1/notices/i-0abc")
            .willReturn(okJson("{\"instanceId\":\"i-0abc\",\"state\":\"acting\"}")));
    controller.stubFor(
        get("/v1/notices/i-gone")
            .willReturn(
                aResponse()
                    .withStatus(404)
                    .withBody("{\"instanceId\":\"i-gone\",\"state\":\"unknown\"}")));

    assertThat(sink().state("i-0abc")).isEqualTo(NoticeState.ACTING);
    assertThat(sink().state("i-gone")).isEqualTo(NoticeState.UNKNOWN);
  }

  @Test
  void anAnswerThatIsNotAStateIsAFailureNeverARelease() {
    controller.stubFor(
        get("/v1/notices/i-old").willReturn(aResponse().withStatus(405).withBody("POST only")));
    controller.stubFor(
        get("/v1/notices/i-proxy").willReturn(aResponse().withStatus(404).withBody("<html>")));
    controller.stubFor(
        get("/v1/notices/i-other")
            .willReturn(okJson("{\"instanceId\":\"i-1\",\"state\":\"released\"}")));

    assertThatThrownBy(() -> sink().state("i-old"))
        .isInstanceOf(MetadataServiceException.class)
        .hasMessageContaining("answered HTTP 405");
    assertThatThrownBy(() -> sink().state("i-proxy"))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("notice state: not JSON");
    assertThatThrownBy(() -> sink().state("i-other"))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("about 'i-1', but 'i-other' was asked for");
  }

  @Test
  void theStateUrlIsTheSinkUrlWithTheEncodedInstanceIdAppended() {
    assertThat(HttpNoticeSink.stateUrl(URI.create("http://10.0.0.5:8787/v1/notices"), "vm-3"))
        .hasToString("http://10.0.0.5:8787/v1/notices/vm-3");
    assertThat(HttpNoticeSink.stateUrl(URI.create("http://10.0.0.5:8787/v1/notices/"), "a b/c"))
        .hasToString("http://10.0.0.5:8787/v1/notices/a%20b%2Fc");
  }

  @Test
  void theWireFormReadsBackToTheSameNotice() {
    assertThat(NoticeJsonCodec.parse(NoticeJsonCodec.write(NOTICE))).isEqualTo(NOTICE);
  }

  @Test
  void aWireFormWithAnUnknownKindIsRefusedByField() {
    assertThatThrownBy(
            () ->
                NoticeJsonCodec.parse(
                    "{\"instanceId\":\"i\",\"kind\":\"EVICT\",\"deadline\":\"2026-11-21T12:02:00Z\","
                        + "\"seenAt\":\"2026-11-21T12:00:00Z\"}"))
        .hasMessageContaining("notice: kind 'EVICT' is not RECLAIM");
  }
}
