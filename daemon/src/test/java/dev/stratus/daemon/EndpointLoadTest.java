package dev.stratus.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.wire.NoticeJsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Slow clients and a flood, each from its own loopback address (127.0.0.2 and up), never stop a
 * node's signed notice from 127.0.0.1: it is accepted while they go on, and they lose their
 * connections or get 429. Behaviour only; the tests module's {@code NoticeLatencyUnderLoad}
 * benchmark prints the latencies.
 */
class EndpointLoadTest {
  static final EndpointLimits LIMITS =
      new EndpointLimits(
          16, Duration.ofSeconds(3), Duration.ofSeconds(2), 8 * 1024, 16 * 1024, 20, 8, 4096, 1000);

  @TempDir Path dir;
  EndpointFixture e;
  final List<Socket> sockets = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    start(LIMITS);
  }

  void start(EndpointLimits limits) throws Exception {
    if (e != null) {
      e.close();
    }
    e =
        new EndpointFixture(
            dir.resolve(Integer.toString(limits.hashCode())),
            limits,
            Optional.empty(),
            Optional.empty());
  }

  @AfterEach
  void stop() throws Exception {
    for (Socket s : sockets) {
      s.close();
    }
    e.close();
  }

  Socket connect(String from) throws IOException {
    Socket s = new Socket();
    s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
    s.connect(e.server.address(), 2000);
    sockets.add(s);
    return s;
  }

  void signedNoticeIsAccepted() throws Exception {
    var r =
        e.signed(
            e.signer("gpu-001"),
            "POST",
            "/v1/notices",
            NoticeJsonCodec.write(EndpointFixture.reclaim("i-1")));
    assertThat(r.statusCode()).isEqualTo(202);
    assertThat(e.inbox.pending()).extracting(p -> p.notice().instanceId()).containsExactly("i-1");
  }

  @Test
  void clientsThatSendHeadersAndThenNothingNeitherBlockANoticeNorKeepTheirConnections()
      throws Exception {
    // Twice as many stalled requests as worker threads, from four addresses: half send their
    // headers and never the body they announce, half stop in the middle of the headers.
    List<Socket> stalled = new ArrayList<>();
    for (int source = 2; source <= 5; source++) {
      for (int i = 0; i < LIMITS.connectionsPerSource(); i++) {
        Socket s = connect("127.0.0." + source);
        String head =
            i % 2 == 0
                ? "POST /v1/notices HTTP/1.1\r\nHost: c\r\nContent-Length: 500\r\n\r\n{\"inst"
                : "POST /v1/notices HTTP/1.1\r\nHost: c\r\nContent-Le";
        s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        stalled.add(s);
      }
    }

    signedNoticeIsAccepted();

    for (Socket s : stalled) {
      assertThat(closedByServer(s)).as("stalled connection from %s", s.getLocalAddress()).isTrue();
    }
  }

  @Test
  void connectionsOverTheLimitOfOneSourceAreClosedAtOnceWhileOthersAreServed() throws Exception {
    // a deadline long enough that only the per-source limit can close these at once
    start(
        new EndpointLimits(
            16,
            Duration.ofSeconds(30),
            Duration.ofSeconds(30),
            8 * 1024,
            16 * 1024,
            20,
            8,
            4096,
            1000));
    List<Socket> open = new ArrayList<>();
    for (int i = 0; i < LIMITS.connectionsPerSource() + 3; i++) {
      open.add(connect("127.0.0.6"));
    }

    signedNoticeIsAccepted();

    long closedEarly = open.stream().filter(s -> closedWithin(s, Duration.ofMillis(500))).count();
    assertThat(closedEarly).isEqualTo(3);
  }

  @Test
  void aFloodFromOneSourceIsTurnedAwayWith429AndANoticeFromAnotherIsStillAccepted()
      throws Exception {
    Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
    AtomicBoolean flooding = new AtomicBoolean(true);
    ExecutorService flood = Executors.newFixedThreadPool(8);
    for (int t = 0; t < 8; t++) {
      flood.execute(
          () -> {
            while (flooding.get()) {
              try (Socket s = new Socket()) {
                s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.7"), 0));
                s.connect(e.server.address(), 2000);
                s.getOutputStream()
                    .write(
                        ("POST /v1/notices HTTP/1.1\r\nHost: c\r\nContent-Length: 2\r\n\r\n{}")
                            .getBytes(StandardCharsets.US_ASCII));
                statuses.merge(status(s.getInputStream()), 1, Integer::sum);
              } catch (IOException ex) {
                statuses.merge(-1, 1, Integer::sum);
              }
            }
          });
    }
    try {
      await().atMost(Duration.ofSeconds(30)).until(() -> statuses.getOrDefault(429, 0) > 50);

      signedNoticeIsAccepted();

      assertThat(flooding).isTrue();
    } finally {
      flooding.set(false);
      flood.shutdown();
    }
    // Within the source's allowance the flood's unsigned notices were refused, never acted on.
    assertThat(statuses).containsKey(401);
    assertThat(e.wakes).hasValue(1);
  }

  /** The status code of the answer on {@code in} (-1 when there is none). */
  static int status(InputStream in) throws IOException {
    byte[] head = in.readNBytes(12);
    String line = new String(head, StandardCharsets.US_ASCII);
    return line.startsWith("HTTP/1.1 ") ? Integer.parseInt(line.substring(9, 12)) : -1;
  }

  /** True once the server has closed the connection (within the test's generous bound). */
  static boolean closedByServer(Socket s) {
    return closedWithin(s, Duration.ofSeconds(20));
  }

  static boolean closedWithin(Socket s, Duration within) {
    try {
      s.setSoTimeout((int) within.toMillis());
      InputStream in = s.getInputStream();
      while (in.read() >= 0) {
        // an error answer may come first; the close is what counts
      }
      return true;
    } catch (SocketTimeoutException ex) {
      return false;
    } catch (IOException ex) {
      return true; // reset by the server
    }
  }
}
