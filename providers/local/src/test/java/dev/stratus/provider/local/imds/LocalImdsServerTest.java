package dev.stratus.provider.local.imds;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.spot.AwsImdsWatcher;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NodeKeys;
import dev.stratus.wire.RequestSigner;
import dev.stratus.wire.SignedHeaders;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LocalImdsServerTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00.700Z");
  final Clock clock = Clock.fixed(T0, ZoneOffset.UTC);
  final LocalImdsServer server;
  final URI base;
  final List<InterruptionNotice> reported = new ArrayList<>();
  final HttpClient http = HttpClient.newHttpClient();

  static final byte[] NODE_KEY = NodeKeys.node(new byte[32], "c1", "gpu-001", "st-token-1");

  LocalImdsServerTest() throws Exception {
    server =
        new LocalImdsServer(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            new LocalImds("local-0a1b2c3d", clock),
            Optional.of(NODE_KEY),
            clock);
    base = URI.create("http://127.0.0.1:" + server.address().getPort());
  }

  /** {@code POST /stratus/reclaim?<query>}, signed as {@code signer} with {@code key}. */
  HttpResponse<String> reclaim(String query, String signer, byte[] key) throws Exception {
    String target = "/stratus/reclaim?" + query;
    HttpRequest.Builder b =
        HttpRequest.newBuilder(base.resolve(target)).POST(HttpRequest.BodyPublishers.noBody());
    new RequestSigner(signer, key, clock).headers("POST", target, new byte[0]).forEach(b::header);
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** As {@code stratus local reclaim} posts it: the operator, with this node's key. */
  HttpResponse<String> reclaim(String query) throws Exception {
    return reclaim(query, SignedHeaders.OPERATOR, NODE_KEY);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  AwsImdsWatcher watcher() {
    return new AwsImdsWatcher(base, Optional.empty(), reported::add, clock, Duration.ofSeconds(1));
  }

  HttpResponse<String> send(String method, String path, String header, String value)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(base.resolve(path))
            .method(method, HttpRequest.BodyPublishers.noBody());
    if (header != null) {
      b.header(header, value);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void theRealAwsWatcherSeesNoNoticeUntilOneIsPostedAndThenReportsItOnceWithTheDeadline()
      throws Exception {
    AwsImdsWatcher w = watcher();
    assertThat(w.poll()).isEmpty();

    HttpResponse<String> posted = reclaim("notice=120");
    assertThat(posted.statusCode()).isEqualTo(200);
    assertThat(posted.body()).isEqualTo("2026-11-21T12:02:00Z");

    assertThat(w.poll()).hasSize(1);
    assertThat(w.poll()).isEmpty();
    assertThat(reported)
        .containsExactly(
            new InterruptionNotice(
                "local-0a1b2c3d",
                InterruptionNotice.Kind.RECLAIM,
                Instant.parse("2026-11-21T12:02:00Z"),
                T0));
  }

  @Test
  void metadataWithoutAValidSessionTokenIsRefusedWith401() throws Exception {
    assertThat(send("GET", "/latest/meta-data/instance-id", null, null).statusCode())
        .isEqualTo(401);
    assertThat(
            send("GET", "/latest/meta-data/instance-id", LocalImdsServer.TOKEN_HEADER, "forged")
                .statusCode())
        .isEqualTo(401);

    String token = send("PUT", "/latest/api/token", LocalImdsServer.TTL_HEADER, "60").body();
    HttpResponse<String> id =
        send("GET", "/latest/meta-data/instance-id", LocalImdsServer.TOKEN_HEADER, token);
    assertThat(id.statusCode()).isEqualTo(200);
    assertThat(id.body()).isEqualTo("local-0a1b2c3d");
    assertThat(
            send(
                    "GET",
                    "/latest/meta-data/spot/instance-action",
                    LocalImdsServer.TOKEN_HEADER,
                    token)
                .statusCode())
        .isEqualTo(404);
  }

  @Test
  void aTokenRequestWithoutAValidTtlIsRefusedNamingTheHeader() throws Exception {
    HttpResponse<String> none = send("PUT", "/latest/api/token", null, null);
    HttpResponse<String> tooLong =
        send("PUT", "/latest/api/token", LocalImdsServer.TTL_HEADER, "99999");

    assertThat(none.statusCode()).isEqualTo(400);
    assertThat(none.body()).contains(LocalImdsServer.TTL_HEADER);
    assertThat(tooLong.statusCode()).isEqualTo(400);
    assertThat(tooLong.body()).contains("1..21600");
  }

  @Test
  void aReclaimPostWithoutAPositiveNoticeIsRefusedAndAnnouncesNothing() throws Exception {
    assertThat(reclaim("notice=0").statusCode()).isEqualTo(400);
    HttpResponse<String> bad = reclaim("notice=soon");
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(bad.body()).contains("notice=SECONDS").contains("soon");
    assertThat(send("GET", "/stratus/reclaim", null, null).statusCode()).isEqualTo(405);

    assertThat(watcher().poll()).isEmpty();
  }

  @Test
  void aSecondNoticeKeepsTheFirstDeadline() throws Exception {
    reclaim("notice=30");
    HttpResponse<String> again = reclaim("notice=300");

    assertThat(again.body()).isEqualTo("2026-11-21T12:00:30Z");
  }

  @Test
  void onlyTheOperatorSigningWithThisNodesKeyMayAnnounceAReclaim() throws Exception {
    byte[] otherNodes = NodeKeys.node(new byte[32], "c1", "gpu-002", "st-token-2");

    HttpResponse<String> unsigned = send("POST", "/stratus/reclaim?notice=30", null, null);
    HttpResponse<String> asTheNode = reclaim("notice=30", "gpu-001", NODE_KEY);
    HttpResponse<String> otherKey = reclaim("notice=30", SignedHeaders.OPERATOR, otherNodes);

    assertThat(unsigned.statusCode()).isEqualTo(401);
    assertThat(unsigned.body()).contains("unsigned");
    assertThat(asTheNode.statusCode()).isEqualTo(401);
    assertThat(otherKey.statusCode()).isEqualTo(401);
    assertThat(otherKey.body()).contains("bad signature");
    assertThat(watcher().poll()).isEmpty();
  }

  @Test
  void anEndpointStartedWithoutTheNodesKeyRefusesEveryReclaim() throws Exception {
    try (LocalImdsServer keyless =
        new LocalImdsServer(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            new LocalImds("local-9", clock),
            Optional.empty(),
            clock)) {
      String target = "/stratus/reclaim?notice=30";
      HttpRequest.Builder b =
          HttpRequest.newBuilder(
                  URI.create("http://127.0.0.1:" + keyless.address().getPort() + target))
              .POST(HttpRequest.BodyPublishers.noBody());
      new RequestSigner(SignedHeaders.OPERATOR, NODE_KEY, clock)
          .headers("POST", target, new byte[0])
          .forEach(b::header);

      HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());

      assertThat(r.statusCode()).isEqualTo(401);
      assertThat(r.body()).contains("without the node's key");
    }
  }
}
