package dev.stratus.spot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.testkit.metadata.AzureMetadataModel;
import dev.stratus.wire.InterruptionNotice;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

class AzureScheduledEventsWatcherTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  static final String PREEMPT =
      AzureNoticesTest.event(
          "E-preempt", "Preempt", "spot-vm-3", "Scheduled", "Sat, 21 Nov 2026 12:00:30 GMT");

  final MutableClock clock = MutableClock.of(T0, ZoneOffset.UTC);
  final AzureMetadataModel imds = new AzureMetadataModel("spot-vm-3", clock);
  final InMemoryNoticeSink sink = new InMemoryNoticeSink();
  final AzureScheduledEventsWatcher watcher =
      new AzureScheduledEventsWatcher(
          imds.base(), Optional.empty(), sink, clock, Duration.ofSeconds(1));

  @AfterEach
  void stop() {
    imds.close();
  }

  @Test
  void imdsRefusesARequestWithoutTheMetadataHeader() throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(imds.base() + AzureScheduledEventsWatcher.EVENTS_PATH))
                    .build(),
                HttpResponse.BodyHandlers.ofString());

    assertThat(r.statusCode()).isEqualTo(400);
  }

  @Test
  void aPreemptIsReportedOnceAndNotAcknowledgedWhileTheControllerIsActingOnIt() throws Exception {
    watcher.poll();
    imds.schedule(PREEMPT);

    assertThat(watcher.poll()).hasSize(1);
    watcher.poll();
    watcher.poll();

    assertThat(sink.notices())
        .containsExactly(
            new InterruptionNotice(
                "spot-vm-3",
                InterruptionNotice.Kind.RECLAIM,
                Instant.parse("2026-11-21T12:00:30Z"),
                T0));
    assertThat(imds.startRequests()).isZero();
    assertThat(imds.isScheduled("E-preempt")).isTrue();
  }

  @Test
  void thePreemptIsAcknowledgedExactlyOnceAfterTheControllerReleasedTheNode() throws Exception {
    imds.schedule(PREEMPT);
    watcher.poll();

    sink.release("spot-vm-3");
    watcher.poll();
    watcher.poll(); // the started event is still listed
    watcher.poll();

    assertThat(imds.startedEventIds()).containsExactly("E-preempt");
    assertThat(imds.startRequests()).isEqualTo(1);
    assertThat(imds.isScheduled("E-preempt")).isFalse();
    assertThat(sink.notices()).hasSize(1);
  }

  @Test
  void aControllerThatLostTheNoticeIsToldAgainAndTheEventWaitsForItsRelease() throws Exception {
    imds.schedule(PREEMPT);
    watcher.poll();
    sink.restart();

    assertThat(watcher.poll()).hasSize(1);
    watcher.poll();
    assertThat(sink.notices()).hasSize(2).containsOnly(sink.notices().get(0));
    assertThat(imds.startRequests()).isZero();

    sink.release("spot-vm-3");
    watcher.poll();
    assertThat(imds.startedEventIds()).containsExactly("E-preempt");
  }

  @Test
  void noAcknowledgementWhileTheControllerCannotBeAskedAndOneWarningForIt() throws Exception {
    imds.schedule(PREEMPT);
    watcher.poll();
    sink.release("spot-vm-3");
    sink.refuse(true);
    try (LogCapture log = new LogCapture(ReleaseCheck.class)) {
      assertThat(watcher.poll()).isEmpty();
      watcher.poll();
      watcher.poll();

      assertThat(imds.startRequests()).isZero();
      assertThat(log.warnings())
          .singleElement()
          .asString()
          .contains("cannot ask the controller whether spot-vm-3 may go", "not acknowledging");

      sink.refuse(false);
      watcher.poll();
      assertThat(log.lines()).hasSize(2);
    }
    assertThat(imds.startedEventIds()).containsExactly("E-preempt");
  }

  @Test
  void anEventTheSinkRefusedIsNeitherAcknowledgedNorForgotten() throws Exception {
    imds.schedule(PREEMPT);
    sink.refuse(true);
    assertThat(watcher.poll()).isEmpty();
    assertThat(imds.startRequests()).isZero();
    assertThat(imds.isScheduled("E-preempt")).isTrue();

    sink.refuse(false);
    sink.release("spot-vm-3");
    assertThat(watcher.poll()).hasSize(1);
    assertThat(imds.startedEventIds()).containsExactly("E-preempt");
  }

  @Test
  void aSinkThatHandlesEachNoticeAsItTakesItLetsTheEventBeAcknowledgedAtOnce() throws Exception {
    List<InterruptionNotice> handled = new ArrayList<>();
    AzureScheduledEventsWatcher synchronous =
        new AzureScheduledEventsWatcher(
            imds.base(), Optional.empty(), handled::add, clock, Duration.ofSeconds(1));
    imds.schedule(PREEMPT);

    synchronous.poll();

    assertThat(handled).hasSize(1);
    assertThat(imds.startedEventIds()).containsExactly("E-preempt");
  }

  @Test
  void eventsForAnotherVmOrAFreezeAreNeitherReportedNorAcknowledged() throws Exception {
    imds.schedule(
        AzureNoticesTest.event(
            "E-other", "Preempt", "spot-vm-4", "Scheduled", "Sat, 21 Nov 2026 12:00:30 GMT"));
    imds.schedule(
        AzureNoticesTest.event(
            "E-freeze", "Freeze", "spot-vm-3", "Scheduled", "Sat, 21 Nov 2026 12:00:30 GMT"));

    assertThat(watcher.poll()).isEmpty();
    assertThat(imds.startedEventIds()).isEmpty();
  }

  @Test
  void aMalformedDocumentGivesNoNoticeNoAcknowledgementAndALoggedError() throws Exception {
    imds.schedule(PREEMPT);
    imds.rawDocument("{\"DocumentIncarnation\": 3, \"Events\": [{\"EventType\": \"Preempt\"}]}");
    try (LogCapture log = new LogCapture(MalformedDocuments.class)) {
      assertThat(watcher.poll()).isEmpty();
      assertThat(log.errors())
          .singleElement()
          .asString()
          .contains("azure scheduledevents Events[0]", "'EventId' is missing");
    }
    assertThat(sink.notices()).isEmpty();
    assertThat(imds.startedEventIds()).isEmpty();
  }
}
