package dev.stratus.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.tests.chaos.Reliability;
import dev.stratus.wire.BootstrapReportCodec;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeJsonCodec;
import dev.stratus.wire.RequestSigner;
import dev.stratus.wire.SignedHeaders;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forged-request figure of the chaos suite: every kind of forgery {@link ForgedRequestsTest}
 * shows once, sent {@value #ROUNDS} times each with fresh bodies against the real endpoint ({@link
 * EndpointFixture}: Jetty, the controller secret, nodes bound to live instances), with a rate limit
 * high enough that only the signature check can refuse. Each must get 401 and nothing may be acted
 * on: no notice in the inbox, no bootstrap report kept, no pass woken.
 */
class ForgedRequestFiguresTest {
  static final int ROUNDS = 40;
  static final EndpointLimits NO_RATE_LIMIT =
      new EndpointLimits(
          16,
          Duration.ofSeconds(5),
          Duration.ofSeconds(10),
          8 * 1024,
          16 * 1024,
          100_000,
          64,
          4096,
          100_000);

  @TempDir Path dir;
  EndpointFixture e;
  final Map<String, AtomicInteger> sent = new LinkedHashMap<>();
  final Map<String, AtomicInteger> refused = new LinkedHashMap<>();
  int legitimate;

  @BeforeEach
  void start() throws Exception {
    e = new EndpointFixture(dir, NO_RATE_LIMIT, Optional.empty(), Optional.empty());
  }

  @AfterEach
  void stop() throws Exception {
    e.close();
  }

  static String notice(String instanceId, int round) {
    return NoticeJsonCodec.write(
        new InterruptionNotice(
            instanceId,
            InterruptionNotice.Kind.RECLAIM,
            EndpointFixture.NOW.plusSeconds(60 + round),
            EndpointFixture.NOW));
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  void forged(String kind, HttpResponse<String> r) {
    sent.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
    refused.computeIfAbsent(kind, k -> new AtomicInteger());
    if (r.statusCode() == 401) {
      refused.get(kind).incrementAndGet();
    }
  }

  @Test
  void everyForgedRequestIsRefusedWith401AndNothingIsActedOn() throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      String n1 = notice("i-1", round);
      forged("unsigned", e.send("POST", "/v1/notices", n1, Map.of()));

      Map<String, String> stale = e.signer("gpu-001").headers("POST", "/v1/notices", bytes(n1));
      e.clock.add(Duration.ofMinutes(6));
      forged("stale", e.send("POST", "/v1/notices", n1, stale));
      e.clock.add(Duration.ofMinutes(-6));

      forged("wrong node", e.signed(e.signer("gpu-002"), "POST", "/v1/notices", n1));
      forged(
          "another node's key",
          e.signed(
              new RequestSigner("gpu-001", e.key("gpu-002", "st-token-2"), e.clock),
              "POST",
              "/v1/notices",
              n1));
      forged(
          "old key",
          e.signed(
              new RequestSigner("gpu-001", e.key("gpu-001", "st-token-old" + round), e.clock),
              "POST",
              "/v1/notices",
              n1));
      Map<String, String> other =
          e.signer("gpu-002").headers("POST", "/v1/notices", bytes(notice("i-2", round)));
      forged("body changed", e.send("POST", "/v1/notices", n1, other));
      Map<String, String> operator =
          new HashMap<>(e.signer("gpu-001").headers("POST", "/v1/notices", bytes(n1)));
      operator.put(SignedHeaders.SIGNER, SignedHeaders.OPERATOR);
      forged("operator name without its key", e.send("POST", "/v1/notices", n1, operator));
      String report =
          BootstrapReportCodec.write("gpu-001", "gpus", false, EndpointFixture.NOW, "r" + round);
      forged(
          "bootstrap report for another node",
          e.signed(e.signer("gpu-002"), "POST", "/v1/bootstrap", report));
      forged("unsigned bootstrap report", e.send("POST", "/v1/bootstrap", report, Map.of()));
      forged(
          "another node's notice state",
          e.signed(e.signer("gpu-002"), "GET", "/v1/notices/i-1", null));

      // A replay: the node's real notice is handled, then its exact request comes again.
      Map<String, String> real = e.signer("gpu-001").headers("POST", "/v1/notices", bytes(n1));
      assertThat(e.send("POST", "/v1/notices", n1, real).statusCode()).isEqualTo(202);
      legitimate++;
      e.inbox.done("i-1");
      e.wakes.set(0);
      forged("replayed", e.send("POST", "/v1/notices", n1, real));
      assertThat(e.inbox.pending()).isEmpty();
      assertThat(e.wakes).hasValue(0);
    }

    int actedOn = e.inbox.pending().size() + e.reports.drain().size() + e.wakes.get();
    long total = sent.values().stream().mapToInt(AtomicInteger::get).sum();
    long totalRefused = refused.values().stream().mapToInt(AtomicInteger::get).sum();
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("sent", total);
    figures.put("refused401", totalRefused);
    figures.put("actedOn", actedOn);
    figures.put("legitimateAccepted", legitimate);
    Map<String, Object> perKind = new LinkedHashMap<>();
    sent.forEach(
        (k, v) -> perKind.put(k, Map.of("sent", v.get(), "refused401", refused.get(k).get())));
    figures.put("perKind", perKind);
    Reliability.record("forgedRequests", null, figures);

    assertThat(sent).hasSize(11);
    assertThat(totalRefused).isEqualTo(total).isEqualTo(11L * ROUNDS);
    assertThat(actedOn).isZero();
  }
}
