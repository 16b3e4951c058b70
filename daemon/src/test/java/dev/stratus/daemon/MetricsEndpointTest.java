package dev.stratus.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeJsonCodec;
import dev.stratus.wire.RequestSigner;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The controller's HTTP server as a node and Prometheus see it: a notice POSTed over loopback, the
 * controller acting on it, then {@code GET /metrics} scraped and read back sample by sample.
 */
class MetricsEndpointTest extends ScrapedControllerFixture {
  @Test
  void aScrapeShowsTheNoticeTheReclaimTheRequeueAndItsLatency() throws Exception {
    try (NoticeServer server = serve()) {
      URI base = base(server);
      reclaimWithNoticeOver(base);

      Map<String, Double> samples = samples(base);
      assertThat(samples)
          .containsEntry("stratus_spot_notices_total{kind=\"reclaim\"}", 1.0)
          .containsEntry("stratus_spot_reclaims_total{notice=\"true\"}", 1.0)
          .containsEntry("stratus_spot_jobs_signalled_total", 1.0)
          .containsEntry("stratus_spot_jobs_requeued_total", 1.0)
          .containsEntry("stratus_spot_gpu_seconds_lost_total{notice=\"true\"}", 8 * 330.0)
          .containsEntry("stratus_spot_notice_to_requeue_seconds_count", 1.0)
          .containsEntry("stratus_spot_notice_to_requeue_seconds_sum", 30.0)
          .containsEntry("stratus_spot_notice_to_requeue_seconds_bucket{le=\"15.0\"}", 0.0)
          .containsEntry("stratus_spot_notice_to_requeue_seconds_bucket{le=\"30.0\"}", 1.0)
          .containsEntry("stratus_nodes_launched_total", 1.0)
          .containsEntry("stratus_spot_requeue_failures_total", 0.0);
      // The launch's pass, and a second one to acknowledge it only when the launch was still in
      // flight as the first ended (a launch that settles within its pass is acknowledged there).
      assertThat(samples.get("stratus_controller_passes_total")).isBetween(1.0, 2.0);
    }
  }

  /**
   * Job 42 has run 5 min when its node's watcher POSTs a notice, signed with the key of the node's
   * launch (the endpoint finds the instance, launched since the last pass listed, in a fresh list
   * of the provider); the notice lane signals, and after the 30 s grace requeues.
   */
  void reclaimWithNoticeOver(URI base) throws Exception {
    Instance spot = jobRunning(42, "gpu-001", Duration.ofMinutes(5));
    String notice =
        NoticeJsonCodec.write(
            new InterruptionNotice(
                spot.id(),
                InterruptionNotice.Kind.RECLAIM,
                clock.instant().plusSeconds(120),
                clock.instant()));
    HttpRequest.Builder post =
        HttpRequest.newBuilder(base.resolve("/v1/notices"))
            .POST(HttpRequest.BodyPublishers.ofString(notice));
    new RequestSigner(
            "gpu-001", secret.keyFor("gpu-001", spot.clientToken().orElseThrow()).get(), clock)
        .headers("POST", "/v1/notices", notice.getBytes(StandardCharsets.UTF_8))
        .forEach(post::header);
    var posted = http.send(post.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(posted.statusCode()).isEqualTo(202);
    noticeRun(); // the notice lane: signal
    clock.add(Duration.ofSeconds(30));
    noticeRun(); // requeue
  }

  /**
   * The samples of a text exposition, keyed by name and labels as written: {@code name{labels}
   * value}; comments skipped. Enough for the label values used here (no spaces or braces in them).
   */
  Map<String, Double> samples(URI base) throws Exception {
    Map<String, Double> samples = new HashMap<>();
    scrape(base)
        .lines()
        .filter(l -> !l.isBlank() && !l.startsWith("#"))
        .forEach(
            l -> {
              int space = l.lastIndexOf(' ');
              samples.put(l.substring(0, space), Double.parseDouble(l.substring(space + 1)));
            });
    return samples;
  }
}
