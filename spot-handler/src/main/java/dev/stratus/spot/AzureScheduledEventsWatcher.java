package dev.stratus.spot;

import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeState;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls Azure Scheduled Events ({@code GET /metadata/scheduledevents?api-version=2020-07-01},
 * header {@code Metadata: true}; without it IMDS answers 400). Each event for this VM that gives a
 * notice is reported once. An acknowledgement ({@code POST {"StartRequests":[{"EventId":..}]}})
 * lets Azure evict at once, so it waits for the controller: on each poll, for each reported event
 * not yet acknowledged, the watcher asks the sink ({@link NoticeSink#state}) and acknowledges only
 * when it says {@code released} (the job was requeued, or nothing needed the node). {@code acting}:
 * ask again next poll. {@code unknown} (the controller restarted and lost the notice): the notice
 * is reported again. No answer: no acknowledgement (Azure starts the event at {@code NotBefore}
 * anyway). Each event's answer is logged when it changes, not on every poll. A failed
 * acknowledgement is retried on the next poll. The VM name comes from {@code
 * /metadata/instance/compute/name} unless given.
 */
public final class AzureScheduledEventsWatcher implements NoticeWatcher {
  public static final URI DEFAULT_BASE = URI.create("http://169.254.169.254");

  /**
   * A Preempt comes at least 30 s ahead; polling every second costs nothing on a link-local API.
   */
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

  static final String EVENTS_PATH = "/metadata/scheduledevents?api-version=2020-07-01";
  static final String NAME_PATH =
      "/metadata/instance/compute/name?api-version=2021-02-01&format=text";
  static final Map<String, String> METADATA = Map.of("Metadata", "true");
  private static final Logger log = LoggerFactory.getLogger(AzureScheduledEventsWatcher.class);

  private final URI base;
  private final MetadataHttp http = new MetadataHttp();
  private final OnceReporter reporter;
  private final ReleaseCheck release;
  private final Clock clock;
  private final Duration interval;
  private final Set<String> acknowledged = new LinkedHashSet<>();
  private String vmName;

  public AzureScheduledEventsWatcher(
      URI base, Optional<String> vmName, NoticeSink sink, Clock clock, Duration interval) {
    this.base = base;
    this.vmName = vmName.orElse(null);
    this.reporter = new OnceReporter(sink);
    this.release = new ReleaseCheck(sink);
    this.clock = clock;
    this.interval = interval;
  }

  @Override
  public List<InterruptionNotice> poll() throws IOException, InterruptedException {
    String name = vmName();
    URI uri = base.resolve(EVENTS_PATH);
    MetadataHttp.Response r = http.get(uri, METADATA);
    if (!r.ok()) {
      throw new MetadataServiceException("GET", uri, r.status(), r.body());
    }
    List<AzureNotices.AzureEvent> events =
        MalformedDocuments.parse(
                () -> AzureNotices.scheduledEvents(name, r.body(), clock.instant()))
            .orElse(List.of());
    List<InterruptionNotice> out = new ArrayList<>();
    List<String> toAck = new ArrayList<>();
    for (AzureNotices.AzureEvent e : events) {
      if (reporter.report(e.eventId(), e.notice())) {
        out.add(e.notice());
      }
      if (!reporter.wasReported(e.eventId()) || acknowledged.contains(e.eventId())) {
        continue;
      }
      Optional<NoticeState> state = release.ask(e.eventId(), e.notice().instanceId());
      if (state.equals(Optional.of(NoticeState.RELEASED))) {
        toAck.add(e.eventId());
      } else if (state.equals(Optional.of(NoticeState.UNKNOWN))
          && reporter.reportAgain(e.eventId(), e.notice())) {
        out.add(e.notice());
      }
    }
    if (!toAck.isEmpty()) {
      acknowledge(toAck);
    }
    return out;
  }

  @Override
  public Duration pause() {
    return interval;
  }

  private void acknowledge(List<String> ids) throws IOException, InterruptedException {
    URI uri = base.resolve(EVENTS_PATH);
    MetadataHttp.Response r =
        http.send(
            "POST",
            uri,
            Map.of("Metadata", "true", "Content-Type", "application/json"),
            AzureNotices.startRequests(ids),
            MetadataHttp.REQUEST_TIMEOUT);
    if (!r.ok()) {
      throw new MetadataServiceException("POST", uri, r.status(), r.body());
    }
    acknowledged.addAll(ids);
    ids.forEach(release::forget);
    log.info("acknowledged scheduled events {}", ids);
  }

  private String vmName() throws IOException, InterruptedException {
    if (vmName == null) {
      URI uri = base.resolve(NAME_PATH);
      MetadataHttp.Response r = http.get(uri, METADATA);
      if (!r.ok() || r.body().isBlank()) {
        throw new MetadataServiceException("GET", uri, r.status(), r.body());
      }
      vmName = r.body().strip();
      log.info("watching Azure Scheduled Events for VM {}", vmName);
    }
    return vmName;
  }
}
