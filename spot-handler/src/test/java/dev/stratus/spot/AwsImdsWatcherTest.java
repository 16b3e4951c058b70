package dev.stratus.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.stratus.testkit.metadata.ImdsModel;
import dev.stratus.wire.InterruptionNotice;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

class AwsImdsWatcherTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  static final String ACTION = "{\"action\": \"terminate\", \"time\": \"2026-11-21T12:02:00Z\"}";

  final MutableClock clock = MutableClock.of(T0, ZoneOffset.UTC);
  final ImdsModel imds = new ImdsModel(clock, "i-0abc");
  final InMemoryNoticeSink sink = new InMemoryNoticeSink();

  @AfterEach
  void stop() {
    imds.close();
  }

  AwsImdsWatcher watcher(Duration tokenTtl) {
    return new AwsImdsWatcher(
        imds.base(), Optional.empty(), sink, clock, Duration.ofSeconds(5), tokenTtl);
  }

  @Test
  void nothingAnnouncedMeansNoNotice() throws Exception {
    assertThat(watcher(Duration.ofHours(6)).poll()).isEmpty();
    assertThat(sink.notices()).isEmpty();
  }

  @Test
  void aReclaimIsReportedOnceWithTheInstanceIdFromImdsHoweverOftenItIsPolled() throws Exception {
    AwsImdsWatcher w = watcher(Duration.ofHours(6));
    w.poll();
    imds.instanceAction(ACTION);

    assertThat(w.poll()).hasSize(1);
    assertThat(w.poll()).isEmpty();
    assertThat(w.poll()).isEmpty();

    assertThat(sink.notices())
        .containsExactly(
            new InterruptionNotice(
                "i-0abc",
                InterruptionNotice.Kind.RECLAIM,
                Instant.parse("2026-11-21T12:02:00Z"),
                T0));
  }

  @Test
  void aControllerThatRestartedAndLostTheReclaimIsToldAgainOnce() throws Exception {
    AwsImdsWatcher w = watcher(Duration.ofHours(6));
    imds.instanceAction(ACTION);
    assertThat(w.poll()).hasSize(1);

    sink.restart(); // killed between receipt and requeue: its inbox is gone
    clock.add(Duration.ofSeconds(5));

    assertThat(w.poll()).hasSize(1);
    assertThat(w.poll()).isEmpty();
    assertThat(sink.notices())
        .extracting(InterruptionNotice::instanceId, InterruptionNotice::seenAt)
        .containsExactly(tuple("i-0abc", T0), tuple("i-0abc", T0)); // the notice as first seen
  }

  @Test
  void aReleasedOrUnreachableControllerIsNotToldAgain() throws Exception {
    AwsImdsWatcher w = watcher(Duration.ofHours(6));
    imds.instanceAction(ACTION);
    w.poll();

    sink.refuse(true);
    assertThat(w.poll()).isEmpty();
    sink.refuse(false);
    sink.release("i-0abc");
    assertThat(w.poll()).isEmpty();

    assertThat(sink.notices()).hasSize(1);
  }

  @Test
  void aRebalanceIsReportedAsARecommendationAndThenTheReclaimToo() throws Exception {
    AwsImdsWatcher w = watcher(Duration.ofHours(6));
    imds.rebalance("{\"noticeTime\": \"2026-11-21T11:59:58Z\"}");
    w.poll();
    imds.instanceAction(ACTION);
    w.poll();
    w.poll();

    assertThat(sink.notices())
        .extracting(InterruptionNotice::kind)
        .containsExactly(
            InterruptionNotice.Kind.REBALANCE_RECOMMENDATION, InterruptionNotice.Kind.RECLAIM);
  }

  @Test
  void imdsRefusesARequestWithoutASessionToken() throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(imds.base() + "/latest/meta-data/instance-id"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());

    assertThat(r.statusCode()).isEqualTo(401);
  }

  @Test
  void oneTokenServesManyPollsAndIsRenewedBeforeItExpires() throws Exception {
    AwsImdsWatcher w = watcher(Duration.ofSeconds(120));
    w.poll();
    w.poll();
    assertThat(imds.tokensIssued()).isEqualTo(1);

    clock.add(Duration.ofSeconds(70)); // 50 s left: inside the renewal margin
    w.poll();

    assertThat(imds.tokensIssued()).isEqualTo(2);
    assertThat(imds.refusedForToken()).isZero();
  }

  @Test
  void aRefusedTokenIsReplacedAndTheNoticeStillSeen() throws Exception {
    AwsImdsWatcher w = watcher(Duration.ofHours(6));
    w.poll();
    imds.forgetTokens();
    imds.instanceAction(ACTION);

    assertThat(w.poll()).hasSize(1);
    assertThat(imds.refusedForToken()).isEqualTo(1);
    assertThat(imds.tokensIssued()).isEqualTo(2);
  }

  @Test
  void aMalformedInstanceActionGivesNoNoticeAndIsLoggedUntilItIsFixed() throws Exception {
    AwsImdsWatcher w = watcher(Duration.ofHours(6));
    imds.instanceAction("{\"action\": \"terminate\"}");
    try (LogCapture log = new LogCapture(MalformedDocuments.class)) {
      assertThat(w.poll()).isEmpty();
      assertThat(log.errors())
          .singleElement()
          .asString()
          .contains("aws spot/instance-action", "'time' is missing");
    }
    imds.instanceAction(ACTION);
    assertThat(w.poll()).hasSize(1);
  }

  @Test
  void aNoticeTheSinkRefusedIsReportedOnTheNextPoll() throws Exception {
    AwsImdsWatcher w = watcher(Duration.ofHours(6));
    imds.instanceAction(ACTION);
    sink.refuse(true);
    assertThat(w.poll()).isEmpty();

    sink.refuse(false);
    assertThat(w.poll()).hasSize(1);
    assertThat(sink.notices()).hasSize(1);
  }
}
