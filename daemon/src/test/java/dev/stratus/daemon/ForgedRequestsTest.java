package dev.stratus.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.wire.BootstrapReportCodec;
import dev.stratus.wire.NoticeJsonCodec;
import dev.stratus.wire.RequestSigner;
import dev.stratus.wire.SignedHeaders;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an attacker on the nodes' network can try, each refused with 401 and a reason, and nothing
 * acted on: no notice in the inbox, no report kept, no pass woken.
 */
class ForgedRequestsTest {
  static final String NOTICE_I1 = NoticeJsonCodec.write(EndpointFixture.reclaim("i-1"));

  @TempDir Path dir;
  EndpointFixture e;

  @BeforeEach
  void start() throws Exception {
    e = new EndpointFixture(dir);
  }

  @AfterEach
  void nothingWasActedOn() throws Exception {
    assertThat(e.inbox.pending()).isEmpty();
    assertThat(e.reports.drain()).isEmpty();
    assertThat(e.wakes).hasValue(0);
    e.close();
  }

  static void refused(HttpResponse<String> r, String reason) {
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(r.body()).contains(reason);
  }

  @Test
  void anUnsignedNoticeIsRefused() throws Exception {
    refused(e.send("POST", "/v1/notices", NOTICE_I1, Map.of()), "unsigned");
  }

  @Test
  void aReplayedNoticeIsRefusedAfterTheNoticeItCopiesWasHandled() throws Exception {
    Map<String, String> headers =
        e.signer("gpu-001")
            .headers("POST", "/v1/notices", NOTICE_I1.getBytes(StandardCharsets.UTF_8));
    assertThat(e.send("POST", "/v1/notices", NOTICE_I1, headers).statusCode()).isEqualTo(202);
    e.inbox.done("i-1");
    e.wakes.set(0);

    refused(e.send("POST", "/v1/notices", NOTICE_I1, headers), "replayed");
  }

  @Test
  void aNoticeWithAStaleTimestampIsRefused() throws Exception {
    RequestSigner late = e.signer("gpu-001");
    Map<String, String> headers =
        late.headers("POST", "/v1/notices", NOTICE_I1.getBytes(StandardCharsets.UTF_8));
    e.clock.add(Duration.ofMinutes(6));

    refused(e.send("POST", "/v1/notices", NOTICE_I1, headers), "stale timestamp");
  }

  @Test
  void aNodeCannotSpeakForAnotherNodesInstance() throws Exception {
    refused(e.signed(e.signer("gpu-002"), "POST", "/v1/notices", NOTICE_I1), "own instance i-2");
  }

  @Test
  void aRequestNamingOneNodeButSignedWithAnothersKeyIsRefused() throws Exception {
    RequestSigner impostor = new RequestSigner("gpu-001", e.key("gpu-002", "st-token-2"), e.clock);

    refused(e.signed(impostor, "POST", "/v1/notices", NOTICE_I1), "bad signature");
  }

  @Test
  void aSignatureMadeWithAGuessedOrOldKeyIsRefused() throws Exception {
    // The key gpu-001 had on an earlier launch (another client token): it died with that instance.
    RequestSigner old = new RequestSigner("gpu-001", e.key("gpu-001", "st-token-old"), e.clock);

    refused(e.signed(old, "POST", "/v1/notices", NOTICE_I1), "bad signature");
  }

  @Test
  void aNodeWithoutALiveInstanceHasNoKey() throws Exception {
    RequestSigner gone = new RequestSigner("gpu-003", e.key("gpu-003", "st-token-3"), e.clock);
    String notice = NoticeJsonCodec.write(EndpointFixture.reclaim("i-3"));

    refused(e.signed(gone, "POST", "/v1/notices", notice), "no key for signer gpu-003");
  }

  @Test
  void aBodyChangedAfterSigningIsRefused() throws Exception {
    Map<String, String> headers =
        e.signer("gpu-002")
            .headers(
                "POST",
                "/v1/notices",
                NoticeJsonCodec.write(EndpointFixture.reclaim("i-2"))
                    .getBytes(StandardCharsets.UTF_8));

    refused(e.send("POST", "/v1/notices", NOTICE_I1, headers), "bad signature");
  }

  @Test
  void aBootstrapReportAboutAnotherNodeIsRefused() throws Exception {
    String report =
        BootstrapReportCodec.write(
            "gpu-001", "gpus", false, EndpointFixture.NOW, "gpu: found 0 of 8 h100");

    refused(
        e.signed(e.signer("gpu-002"), "POST", "/v1/bootstrap", report),
        "may report only its own bootstrap");
    refused(e.send("POST", "/v1/bootstrap", report, Map.of()), "unsigned");
  }

  @Test
  void aNodeCannotReadTheStateOfAnotherNodesNotice() throws Exception {
    refused(e.signed(e.signer("gpu-002"), "GET", "/v1/notices/i-1", null), "own instance");
    refused(e.send("GET", "/v1/notices/i-1", null, Map.of()), "unsigned");
  }

  @Test
  void aSignerNameThatIsNoNodeAndTheOperatorNameWithoutItsKeyAreRefused() throws Exception {
    Map<String, String> headers =
        new HashMap<>(
            e.signer("gpu-001")
                .headers("POST", "/v1/notices", NOTICE_I1.getBytes(StandardCharsets.UTF_8)));
    headers.put(SignedHeaders.SIGNER, SignedHeaders.OPERATOR);

    refused(e.send("POST", "/v1/notices", NOTICE_I1, headers), "bad signature");
  }
}
