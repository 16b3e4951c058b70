package dev.stratus.spot;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.stratus.wire.NodeKeys;
import dev.stratus.wire.NoticeState;
import dev.stratus.wire.RequestSigner;
import dev.stratus.wire.RequestVerifier;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

/**
 * The Azure watcher's question "may this node go?" goes out signed with the node's key, so the
 * controller answers it; a question signed with any other key is no answer, never a release.
 */
class ReleaseCheckTest {
  final MutableClock clock = MutableClock.of(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);
  final WireMockServer controller =
      new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());

  ReleaseCheckTest() {
    controller.start();
    controller.stubFor(
        get("/v1/notices/vm-3")
            .willReturn(okJson("{\"instanceId\":\"vm-3\",\"state\":\"released\"}")));
  }

  @AfterEach
  void stop() {
    controller.stop();
  }

  ReleaseCheck check(RequestSigner signer) {
    return new ReleaseCheck(
        new HttpNoticeSink(
            URI.create("http://127.0.0.1:" + controller.port() + "/v1/notices"),
            Duration.ofSeconds(2),
            signer,
            Optional.empty()));
  }

  @Test
  void theQuestionIsSignedSoTheControllerTakesItFromThisNode() {
    Optional<NoticeState> answer = check(Signatures.signer(clock)).ask("E-1", "vm-3");

    assertThat(answer).contains(NoticeState.RELEASED);
    assertThat(Signatures.verify(controller.getAllServeEvents().get(0).getRequest(), clock))
        .isEqualTo(new RequestVerifier.Verdict.Accepted("gpu-001"));
  }

  @Test
  void aQuestionSignedWithAnotherKeyIsNotTakenFromThisNode() {
    byte[] other = NodeKeys.node(new byte[32], "c1", "gpu-001", "st-token-of-another-launch");

    check(new RequestSigner("gpu-001", other, clock)).ask("E-1", "vm-3");

    assertThat(Signatures.verify(controller.getAllServeEvents().get(0).getRequest(), clock))
        .isInstanceOf(RequestVerifier.Verdict.Refused.class);
  }
}
