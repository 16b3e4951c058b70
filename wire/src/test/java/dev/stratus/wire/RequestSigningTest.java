package dev.stratus.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

/** Signing and verifying as a node and the controller do, and each way a request is refused. */
class RequestSigningTest {
  static final byte[] SECRET = new byte[32];
  static final byte[] GPU1 = NodeKeys.node(SECRET, "c1", "gpu-001", "st-token-1");
  static final byte[] GPU2 = NodeKeys.node(SECRET, "c1", "gpu-002", "st-token-2");
  static final byte[] BODY = "{\"instanceId\":\"i-1\"}".getBytes(StandardCharsets.UTF_8);

  final MutableClock clock = MutableClock.of(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);
  final RequestVerifier verifier =
      new RequestVerifier(
          signer -> Optional.ofNullable(Map.of("gpu-001", GPU1, "gpu-002", GPU2).get(signer)),
          clock,
          RequestVerifier.DEFAULT_WINDOW,
          1000);

  RequestVerifier.Verdict verify(Map<String, String> headers, String target, byte[] body) {
    return verifier.verify("POST", target, body, headers::get);
  }

  Map<String, String> signedBy(String signer, byte[] key, String target, byte[] body) {
    return new RequestSigner(signer, key, clock).headers("POST", target, body);
  }

  @Test
  void aRequestSignedWithTheNodesKeyIsAcceptedAsThatNode() {
    var headers = signedBy("gpu-001", GPU1, "/v1/notices", BODY);

    assertThat(verify(headers, "/v1/notices", BODY))
        .isEqualTo(new RequestVerifier.Verdict.Accepted("gpu-001"));
  }

  @Test
  void anUnsignedRequestIsRefused() {
    assertThat(verify(Map.of(), "/v1/notices", BODY))
        .isInstanceOf(RequestVerifier.Verdict.Refused.class)
        .extracting(v -> ((RequestVerifier.Verdict.Refused) v).reason())
        .asString()
        .contains("unsigned");
  }

  @Test
  void theSameRequestSentTwiceIsRefusedTheSecondTime() {
    var headers = signedBy("gpu-001", GPU1, "/v1/notices", BODY);

    assertThat(verify(headers, "/v1/notices", BODY))
        .isInstanceOf(RequestVerifier.Verdict.Accepted.class);
    assertThat(reason(verify(headers, "/v1/notices", BODY))).contains("replayed");
  }

  @Test
  void aTimestampOutsideTheWindowIsRefusedEitherWay() {
    var old = signedBy("gpu-001", GPU1, "/v1/notices", BODY);
    clock.add(Duration.ofSeconds(301));
    var fromTheFuture = signedBy("gpu-001", GPU1, "/v1/notices", BODY);
    clock.add(Duration.ofSeconds(-602));

    assertThat(reason(verify(fromTheFuture, "/v1/notices", BODY))).contains("stale timestamp");
    clock.add(Duration.ofSeconds(602));
    assertThat(reason(verify(old, "/v1/notices", BODY))).contains("stale timestamp");
  }

  @Test
  void anotherNodesKeyDoesNotSignForThisNode() {
    var headers = signedBy("gpu-001", GPU2, "/v1/notices", BODY);

    assertThat(reason(verify(headers, "/v1/notices", BODY))).contains("bad signature");
  }

  @Test
  void aSignerWithoutAKeyIsRefusedNamingIt() {
    byte[] guessed = NodeKeys.node(SECRET, "c1", "gpu-009", "st-token-9");
    var headers = signedBy("gpu-009", guessed, "/v1/notices", BODY);

    assertThat(reason(verify(headers, "/v1/notices", BODY))).contains("no key for signer gpu-009");
  }

  @Test
  void anAlteredBodyPathMethodOrHeaderBreaksTheSignature() {
    var headers = signedBy("gpu-001", GPU1, "/v1/notices", BODY);
    byte[] other = "{\"instanceId\":\"i-2\"}".getBytes(StandardCharsets.UTF_8);
    Map<String, String> renamed = new HashMap<>(headers);
    renamed.put(SignedHeaders.SIGNER, "gpu-002");
    Map<String, String> moved = new HashMap<>(headers);
    moved.put(SignedHeaders.TIMESTAMP, Long.toString(clock.instant().getEpochSecond() + 1));

    assertThat(reason(verify(headers, "/v1/notices", other))).contains("bad signature");
    assertThat(reason(verify(headers, "/v1/bootstrap", BODY))).contains("bad signature");
    assertThat(reason(verifier.verify("GET", "/v1/notices", BODY, headers::get)))
        .contains("bad signature");
    assertThat(reason(verify(renamed, "/v1/notices", BODY))).contains("bad signature");
    assertThat(reason(verify(moved, "/v1/notices", BODY))).contains("bad signature");
    assertThat(verify(headers, "/v1/notices", BODY))
        .as("the failed tries did not spend the nonce")
        .isInstanceOf(RequestVerifier.Verdict.Accepted.class);
  }

  @Test
  void malformedHeadersAreRefusedWithoutLookingUpAKey() {
    var headers = new HashMap<>(signedBy("gpu-001", GPU1, "/v1/notices", BODY));
    headers.put(SignedHeaders.SIGNATURE, "not base64url!");

    assertThat(reason(verify(headers, "/v1/notices", BODY))).contains("malformed");
  }

  @Test
  void keysAreDerivedPerClusterNodeAndLaunch() {
    assertThat(GPU1).hasSize(32).isNotEqualTo(GPU2);
    assertThat(NodeKeys.node(SECRET, "c1", "gpu-001", "st-token-1")).isEqualTo(GPU1);
    assertThat(NodeKeys.node(SECRET, "c1", "gpu-001", "st-token-other")).isNotEqualTo(GPU1);
    assertThat(NodeKeys.node(SECRET, "c2", "gpu-001", "st-token-1")).isNotEqualTo(GPU1);
    assertThat(NodeKeys.operator(SECRET, "c1")).isNotEqualTo(NodeKeys.operator(SECRET, "c2"));
    byte[] otherSecret = new byte[32];
    otherSecret[0] = 1;
    assertThat(NodeKeys.node(otherSecret, "c1", "gpu-001", "st-token-1")).isNotEqualTo(GPU1);
  }

  @Test
  void theSignerNeverShowsItsKey() {
    assertThat(new RequestSigner("gpu-001", GPU1, clock).toString())
        .isEqualTo("RequestSigner[gpu-001]");
  }

  static String reason(RequestVerifier.Verdict v) {
    assertThat(v).isInstanceOf(RequestVerifier.Verdict.Refused.class);
    return ((RequestVerifier.Verdict.Refused) v).reason();
  }
}
