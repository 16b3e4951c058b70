package dev.stratus.spot;

import dev.stratus.wire.InterruptionNotice;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Long-polls Compute Engine's metadata server for {@code instance/preempted} and {@code
 * instance/maintenance-event} (header {@code Metadata-Flavor: Google}; without it the server
 * answers 403). The first round reads both values; later rounds wait on both at once with {@code
 * ?wait_for_change=true&last_etag=E&timeout_sec=T}, so a change is seen when it happens, and a
 * change made between two rounds is returned at once (its ETag differs). Each answer is handled as
 * it arrives: a preemption is reported without waiting for the other key's poll to time out. While
 * a notice stands, both keys are long-polled for {@link #STANDING_WAIT} only (a round ends when
 * both answered) and the controller is asked each time whether it still holds the notice ({@link
 * StandingNotices}: a controller that restarted gets it again). The instance is named by {@code
 * instance/name} unless given.
 */
public final class GcpMetadataWatcher implements NoticeWatcher {
  public static final URI DEFAULT_BASE = URI.create("http://169.254.169.254");
  public static final Duration DEFAULT_WAIT = Duration.ofSeconds(60);
  static final Duration NO_ETAG_INTERVAL = Duration.ofSeconds(1);

  /** The long-poll's wait while a notice stands: the controller is asked about it this often. */
  static final Duration STANDING_WAIT = Duration.ofSeconds(1);

  static final String PREFIX = "/computeMetadata/v1/instance/";
  static final Map<String, String> FLAVOR = Map.of("Metadata-Flavor", "Google");
  private static final Logger log = LoggerFactory.getLogger(GcpMetadataWatcher.class);

  private final URI base;
  private final MetadataHttp http = new MetadataHttp();
  private final StandingNotices standing;
  private final Clock clock;
  private final Duration wait;
  private final List<Key> keys =
      List.of(
          new Key("preempted", GcpNotices::preempted),
          new Key("maintenance-event", GcpNotices::maintenanceEvent));
  private String instance;

  /** One watched value and the ETag of the last answer for it. */
  private static final class Key {
    final String name;
    final Parser parser;
    volatile String etag;
    volatile boolean noticeStands;

    Key(String name, Parser parser) {
      this.name = name;
      this.parser = parser;
    }
  }

  @FunctionalInterface
  private interface Parser {
    Optional<InterruptionNotice> parse(String instance, String body, Instant seenAt);
  }

  /**
   * @param wait how long the server may hold a {@code wait_for_change} request ({@code
   *     timeout_sec}); the client waits that plus a margin
   */
  public GcpMetadataWatcher(
      URI base, Optional<String> instance, NoticeSink sink, Clock clock, Duration wait) {
    this.base = base;
    this.instance = instance.orElse(null);
    this.standing = new StandingNotices(new OnceReporter(sink), new ReleaseCheck(sink));
    this.clock = clock;
    this.wait = wait;
  }

  @Override
  public List<InterruptionNotice> poll() throws IOException, InterruptedException {
    String name = instance();
    List<InterruptionNotice> out = new ArrayList<>();
    List<CompletableFuture<Void>> rounds = new ArrayList<>();
    // A notice ends the round at once: the next one long-polls briefly, to watch it stand.
    CompletableFuture<Void> noticeTaken = new CompletableFuture<>();
    for (Key k : keys) {
      URI uri = uri(k);
      rounds.add(
          http.sendAsync(uri, FLAVOR, wait.plus(MetadataHttp.REQUEST_TIMEOUT))
              .thenAccept(
                  r -> {
                    if (handle(k, uri, r, name, out)) {
                      noticeTaken.complete(null);
                    }
                  }));
    }
    CompletableFuture<Void> all = CompletableFuture.allOf(rounds.toArray(CompletableFuture[]::new));
    try {
      // interruptible, unlike join(): stopping the watcher must not wait out a long-poll
      CompletableFuture.anyOf(all, noticeTaken).get();
    } catch (InterruptedException e) {
      rounds.forEach(f -> f.cancel(true));
      throw e;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() instanceof CompletionException c ? c.getCause() : e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      throw new IOException("GCP metadata poll failed: " + cause, cause);
    }
    rounds.forEach(f -> f.cancel(true)); // the other key's long-poll, if it still waits
    synchronized (out) {
      return new ArrayList<>(out);
    }
  }

  /**
   * Zero while long-polling. Without ETags (a proxy that drops them) there is nothing to wait on,
   * so it falls back to plain polling once a second rather than spinning.
   */
  @Override
  public Duration pause() {
    return keys.stream().allMatch(k -> k.etag != null) ? Duration.ZERO : NO_ETAG_INTERVAL;
  }

  private URI uri(Key k) {
    String path = PREFIX + k.name;
    if (k.etag == null) {
      return base.resolve(path);
    }
    return base.resolve(
        path
            + "?wait_for_change=true&last_etag="
            + URLEncoder.encode(k.etag, StandardCharsets.UTF_8)
            + "&timeout_sec="
            + (keys.stream().anyMatch(n -> n.noticeStands) ? STANDING_WAIT : wait).toSeconds());
  }

  /** True when it reported a notice now. */
  private boolean handle(
      Key k, URI uri, MetadataHttp.Response r, String name, List<InterruptionNotice> out) {
    if (!r.ok()) {
      throw new CompletionException(new MetadataServiceException("GET", uri, r.status(), r.body()));
    }
    k.etag = r.etag().orElse(null);
    Optional<InterruptionNotice> notice =
        MalformedDocuments.parse(() -> k.parser.parse(name, r.body(), clock.instant()))
            .flatMap(n -> n);
    k.noticeStands = notice.isPresent();
    Optional<InterruptionNotice> reported =
        notice.flatMap(n -> standing.report(k.name + " " + n.kind(), n));
    reported.ifPresent(
        n -> {
          synchronized (out) {
            out.add(n);
          }
        });
    return reported.isPresent();
  }

  private String instance() throws IOException, InterruptedException {
    if (instance == null) {
      URI uri = base.resolve(PREFIX + "name");
      MetadataHttp.Response r = http.get(uri, FLAVOR);
      if (!r.ok() || r.body().isBlank()) {
        throw new MetadataServiceException("GET", uri, r.status(), r.body());
      }
      instance = r.body().strip();
      log.info("watching GCP metadata for instance {}", instance);
    }
    return instance;
  }
}
