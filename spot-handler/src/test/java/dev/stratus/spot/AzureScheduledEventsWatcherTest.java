package dev.stratus.spot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.model.InterruptionNotice;
import dev.stratus.core.testing.MutableClock;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AzureScheduledEventsWatcherTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  static final String PREEMPT =
      AzureNoticesTest.event(
          "E-preempt", "Preempt", "spot-vm-3", "Scheduled", "Sat, 21 Nov 2026 12:00:30 GMT");

  final MutableClock clock = new MutableClock(T0);
  final AzureEventsModel imds = (AzureEventsModel) new AzureEventsModel("spot-vm-3").serve();
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
  void aPreemptIsReportedOnceAndAcknowledgedAfterTheSinkTookIt() throws Exception {
    watcher.poll();
    imds.schedule(PREEMPT);

    assertThat(watcher.poll()).hasSize(1);
    watcher.poll();

    assertThat(sink.notices())
        .containsExactly(
            new InterruptionNotice(
                "spot-vm-3",
                InterruptionNotice.Kind.RECLAIM,
                Instant.parse("2026-11-21T12:00:30Z"),
                T0));
    assertThat(imds.startedEventIds()).containsExactly("E-preempt");
    assertThat(imds.isScheduled("E-preempt")).isFalse();
  }

  @Test
  void anEventTheSinkRefusedIsNeitherAcknowledgedNorForgotten() throws Exception {
    imds.schedule(PREEMPT);
    sink.refuse(true);
    assertThat(watcher.poll()).isEmpty();
    assertThat(imds.startedEventIds()).isEmpty();
    assertThat(imds.isScheduled("E-preempt")).isTrue();

    sink.refuse(false);
    assertThat(watcher.poll()).hasSize(1);
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
