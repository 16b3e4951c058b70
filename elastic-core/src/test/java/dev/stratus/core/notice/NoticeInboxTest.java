package dev.stratus.core.notice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeState;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

/** What a watcher asking about its instance hears, and how long a release is remembered. */
class NoticeInboxTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  final MutableClock clock = MutableClock.of(T0, ZoneOffset.UTC);
  final NoticeInbox inbox = new NoticeInbox(clock);

  static InterruptionNotice reclaim(String instanceId) {
    return new InterruptionNotice(
        instanceId, InterruptionNotice.Kind.RECLAIM, T0.plusSeconds(30), T0);
  }

  boolean receive(String instanceId) {
    return inbox.add(reclaim(instanceId), clock.instant());
  }

  @Test
  void aHeldNoticeIsActingThroughItsSignalAndReleasedByTheRequeue() {
    receive("i-1");
    NoticeState received = inbox.state("i-1");
    inbox.signalled("i-1", T0);
    NoticeState signalled = inbox.state("i-1");
    inbox.requeued("i-1", T0.plusSeconds(20));

    assertThat(received).isEqualTo(NoticeState.ACTING);
    assertThat(signalled).isEqualTo(NoticeState.ACTING);
    assertThat(inbox.state("i-1")).isEqualTo(NoticeState.RELEASED);
  }

  @Test
  void aDoneNoticeLeavesTheInboxButReadsAsReleased() {
    receive("i-1");
    inbox.done("i-1");

    assertThat(inbox.pending()).isEmpty();
    assertThat(inbox.state("i-1")).isEqualTo(NoticeState.RELEASED);
  }

  @Test
  void anInstanceNeverReportedIsUnknownAndDoneForItReleasesNothing() {
    inbox.done("i-never");

    assertThat(inbox.state("i-never")).isEqualTo(NoticeState.UNKNOWN);
  }

  @Test
  void aReleaseIsForgottenOnceTheKeepTimeIsOver() {
    receive("i-1");
    inbox.done("i-1");

    clock.add(NoticeInbox.KEEP_RELEASED.minusSeconds(1));
    NoticeState justBefore = inbox.state("i-1");
    clock.add(Duration.ofSeconds(1));

    assertThat(justBefore).isEqualTo(NoticeState.RELEASED);
    assertThat(inbox.state("i-1")).isEqualTo(NoticeState.UNKNOWN);
  }

  @Test
  void aFreshNoticeAfterAReleaseIsActedOnAgainBeforeTheNodeMayGo() {
    receive("i-1");
    inbox.done("i-1");

    assertThat(receive("i-1")).isTrue();
    assertThat(inbox.state("i-1")).isEqualTo(NoticeState.ACTING);
  }

  @Test
  void atMostTheConfiguredNumberOfReleasesIsRememberedOldestForgottenFirst() {
    NoticeInbox small = new NoticeInbox(clock, Duration.ofHours(1), 2);
    for (String id : new String[] {"i-1", "i-2", "i-3"}) {
      small.add(reclaim(id), clock.instant());
      small.done(id);
      clock.add(Duration.ofSeconds(1));
    }

    assertThat(small.state("i-1")).isEqualTo(NoticeState.UNKNOWN);
    assertThat(small.state("i-2")).isEqualTo(NoticeState.RELEASED);
    assertThat(small.state("i-3")).isEqualTo(NoticeState.RELEASED);
  }
}
