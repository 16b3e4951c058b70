package dev.stratus.spot;

import dev.stratus.wire.InterruptionNotice;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls EC2's IMDSv2 for {@code spot/instance-action} (a reclaim: terminate, stop or hibernate) and
 * {@code events/recommendations/rebalance}. HTTP 404 on either means "nothing announced". The
 * instance id comes from {@code /latest/meta-data/instance-id} unless given. While a reclaim stands
 * it asks the controller at each poll whether it still holds the notice, and reports it again to a
 * controller that restarted and lost it ({@link StandingNotices}).
 */
public final class AwsImdsWatcher implements NoticeWatcher {
  public static final URI DEFAULT_BASE = URI.create("http://169.254.169.254");

  /** AWS recommends checking every 5 seconds. */
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(5);

  static final Duration TOKEN_TTL = Duration.ofHours(6);
  private static final Logger log = LoggerFactory.getLogger(AwsImdsWatcher.class);

  private final URI base;
  private final MetadataHttp http = new MetadataHttp();
  private final ImdsTokens tokens;
  private final OnceReporter reporter;
  private final StandingNotices standing;
  private final Clock clock;
  private final Duration interval;
  private String instanceId;

  public AwsImdsWatcher(
      URI base, Optional<String> instanceId, NoticeSink sink, Clock clock, Duration interval) {
    this(base, instanceId, sink, clock, interval, TOKEN_TTL);
  }

  AwsImdsWatcher(
      URI base,
      Optional<String> instanceId,
      NoticeSink sink,
      Clock clock,
      Duration interval,
      Duration tokenTtl) {
    this.base = base;
    this.instanceId = instanceId.orElse(null);
    this.reporter = new OnceReporter(sink);
    this.standing = new StandingNotices(reporter, new ReleaseCheck(sink));
    this.clock = clock;
    this.interval = interval;
    this.tokens = new ImdsTokens(http, base, tokenTtl, clock);
  }

  @Override
  public List<InterruptionNotice> poll() throws IOException, InterruptedException {
    String id = instanceId();
    List<InterruptionNotice> out = new ArrayList<>();
    Optional<String> action = item("/latest/meta-data/spot/instance-action");
    if (action.isPresent()) {
      MalformedDocuments.parse(() -> AwsNotices.instanceAction(id, action.get(), clock.instant()))
          .flatMap(n -> standing.report("instance-action " + n.deadline(), n))
          .ifPresent(out::add);
    }
    Optional<String> rebalance = item("/latest/meta-data/events/recommendations/rebalance");
    if (rebalance.isPresent() && !reporter.wasReported("rebalance")) {
      MalformedDocuments.parse(() -> AwsNotices.rebalance(id, rebalance.get(), clock.instant()))
          .filter(n -> reporter.report("rebalance", n))
          .ifPresent(out::add);
    }
    return out;
  }

  @Override
  public Duration pause() {
    return interval;
  }

  private String instanceId() throws IOException, InterruptedException {
    if (instanceId == null) {
      String path = "/latest/meta-data/instance-id";
      instanceId =
          item(path)
              .map(String::strip)
              .filter(s -> !s.isEmpty())
              .orElseThrow(() -> new IOException("IMDS has no " + path));
    }
    return instanceId;
  }

  /** The item's body; empty on 404. One retry with a fresh token after a 401. */
  private Optional<String> item(String path) throws IOException, InterruptedException {
    URI uri = base.resolve(path);
    MetadataHttp.Response r = http.get(uri, Map.of(ImdsTokens.TOKEN_HEADER, tokens.token()));
    if (r.status() == 401) {
      log.info("IMDS refused the session token for {}; getting a new one", path);
      tokens.invalidate();
      r = http.get(uri, Map.of(ImdsTokens.TOKEN_HEADER, tokens.token()));
    }
    if (r.status() == 404) {
      return Optional.empty();
    }
    if (!r.ok()) {
      throw new MetadataServiceException("GET", uri, r.status(), r.body());
    }
    return Optional.of(r.body());
  }
}
