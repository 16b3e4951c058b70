package dev.stratus.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.testkit.metadata.GceMetadataModel;
import dev.stratus.wire.InterruptionNotice;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

class GcpMetadataWatcherTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");

  final MutableClock clock = MutableClock.of(T0, ZoneOffset.UTC);
  final GceMetadataModel gce = new GceMetadataModel("gpu-node-7", clock);
  final InMemoryNoticeSink sink = new InMemoryNoticeSink();
  Thread loop;

  @AfterEach
  void stop() throws InterruptedException {
    if (loop != null) {
      loop.interrupt();
      loop.join(10_000);
    }
    gce.close();
  }

  GcpMetadataWatcher watcher(Duration wait) {
    return new GcpMetadataWatcher(gce.base(), Optional.empty(), sink, clock, wait);
  }

  @Test
  void theServerRefusesARequestWithoutMetadataFlavor() throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(gce.base() + "/computeMetadata/v1/instance/preempted"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());

    assertThat(r.statusCode()).isEqualTo(403);
  }

  @Test
  void aPreemptionDuringALongPollIsReportedAtOnceNotAfterTheWait() {
    // The wait is 60 s; the notice must come long before any poll could time out (the bounds
    // below are loose only because this machine is shared with other builds).
    GcpMetadataWatcher w = watcher(Duration.ofSeconds(60));
    loop = new Thread(new WatcherLoop(w, d -> {}, Duration.ofSeconds(1)));
    loop.start();
    await().atMost(Duration.ofSeconds(20)).until(() -> gce.heldWaits() >= 2);

    gce.set("preempted", "TRUE");

    await()
        .atMost(Duration.ofSeconds(20)) // well inside the 60 s wait
        .untilAsserted(
            () ->
                assertThat(sink.notices())
                    .containsExactly(
                        new InterruptionNotice(
                            "gpu-node-7",
                            InterruptionNotice.Kind.RECLAIM,
                            T0.plusSeconds(30),
                            T0)));
  }

  @Test
  void aWaitWithNoChangeEndsAfterTheTimeoutWithNoNotice() throws Exception {
    GcpMetadataWatcher w = watcher(Duration.ofSeconds(1));
    w.poll(); // reads the values and their ETags

    long start = System.nanoTime();
    assertThat(w.poll()).isEmpty();

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(Duration.ofMillis(900));
    assertThat(gce.heldWaits()).isEqualTo(2);
  }

  @Test
  void aChangeBetweenTwoPollsIsSeenAtOnceAndReportedOnlyOnce() throws Exception {
    GcpMetadataWatcher w = watcher(Duration.ofSeconds(1));
    w.poll();
    gce.set("maintenance-event", "TERMINATE_ON_HOST_MAINTENANCE");

    assertThat(w.poll())
        .singleElement()
        .extracting(InterruptionNotice::kind)
        .isEqualTo(InterruptionNotice.Kind.MAINTENANCE);
    w.poll();
    w.poll();
    assertThat(sink.notices()).hasSize(1);
  }

  @Test
  void aControllerThatLostThePreemptionIsToldAgainWithinTheNoticeNotAfterTheLongWait()
      throws Exception {
    GcpMetadataWatcher w = watcher(Duration.ofSeconds(60));
    w.poll();
    gce.set("preempted", "TRUE");
    assertThat(w.poll()).hasSize(1);

    sink.restart(); // the controller died between receipt and requeue
    clock.add(Duration.ofSeconds(2));
    long start = System.nanoTime();
    List<InterruptionNotice> again = w.poll();

    // 30 s of notice: the 60 s wait would outlast the VM
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
    assertThat(again)
        .containsExactly(
            new InterruptionNotice(
                "gpu-node-7", InterruptionNotice.Kind.RECLAIM, T0.plusSeconds(30), T0));
    assertThat(w.poll()).isEmpty(); // it holds the notice again: nothing more
    assertThat(sink.notices()).hasSize(2);
  }

  @Test
  void aLiveMigrationGivesNoNotice() throws Exception {
    GcpMetadataWatcher w = watcher(Duration.ofSeconds(1));
    w.poll();
    gce.set("maintenance-event", "MIGRATE_ON_HOST_MAINTENANCE");

    assertThat(w.poll()).isEmpty();
  }

  @Test
  void aMalformedValueGivesNoNoticeAndIsLogged() throws Exception {
    GcpMetadataWatcher w = watcher(Duration.ofSeconds(1));
    w.poll();
    gce.set("preempted", "<html>proxy error</html>");
    try (LogCapture log = new LogCapture(MalformedDocuments.class)) {
      assertThat(w.poll()).isEmpty();
      assertThat(log.errors()).singleElement().asString().contains("gcp instance/preempted");
    }
    assertThat(sink.notices()).isEmpty();
  }

  @Test
  void longPollsOnceItHasETagsAndFallsBackToPollingEachSecondWithoutThem() throws Exception {
    GcpMetadataWatcher w = watcher(Duration.ofSeconds(1));
    w.poll();
    assertThat(w.pause()).isEqualTo(Duration.ZERO);

    gce.dropEtags();
    gce.set("preempted", "TRUE");
    assertThat(w.poll()).hasSize(1);
    assertThat(w.pause()).isEqualTo(Duration.ofSeconds(1));
  }
}
