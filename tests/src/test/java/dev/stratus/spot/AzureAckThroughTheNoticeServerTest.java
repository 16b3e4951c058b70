package dev.stratus.spot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.cli.runtime.NoticeServer;
import dev.stratus.core.notice.NoticeInbox;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

/**
 * The Azure watcher with the real {@link HttpNoticeSink} against the controller's real {@link
 * NoticeServer} and {@link NoticeInbox} on loopback: the Preempt is acknowledged only once the
 * inbox says the job was requeued (or the notice is done).
 */
class AzureAckThroughTheNoticeServerTest {
  static final Instant T0 = AzureScheduledEventsWatcherTest.T0;
  static final String VM = "spot-vm-3";

  final MutableClock clock = MutableClock.of(T0, java.time.ZoneOffset.UTC);
  final AtomicReference<NoticeInbox> inbox = new AtomicReference<>(new NoticeInbox(clock));
  final NoticeServer controller = start();
  final AzureEventsModel imds = (AzureEventsModel) new AzureEventsModel(VM).serve();
  final AzureScheduledEventsWatcher watcher =
      new AzureScheduledEventsWatcher(
          imds.base(),
          Optional.empty(),
          new HttpNoticeSink(
              URI.create("http://127.0.0.1:" + controller.address().getPort() + "/v1/notices"),
              Duration.ofSeconds(2)),
          clock,
          Duration.ofSeconds(1));

  NoticeServer start() {
    try {
      return new NoticeServer(
          "127.0.0.1:0",
          n -> inbox.get().add(n, clock.instant()),
          id -> inbox.get().state(id),
          () -> {},
          () -> "");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @AfterEach
  void stop() {
    controller.close();
    imds.close();
  }

  @Test
  void thePreemptIsAcknowledgedOnlyAfterTheControllerRequeuedTheJob() throws Exception {
    imds.schedule(AzureScheduledEventsWatcherTest.PREEMPT);

    assertThat(watcher.poll()).hasSize(1);
    inbox.get().signalled(VM, T0);
    watcher.poll();
    watcher.poll();
    assertThat(inbox.get().pending()).hasSize(1);
    assertThat(imds.startRequests()).isZero();

    inbox.get().requeued(VM, T0.plusSeconds(20));
    watcher.poll();
    watcher.poll();

    assertThat(imds.startedEventIds()).containsExactly("E-preempt");
    assertThat(imds.startRequests()).isEqualTo(1);
  }

  @Test
  void anIdleNodeWhoseNoticeIsDoneIsAcknowledged() throws Exception {
    imds.schedule(AzureScheduledEventsWatcherTest.PREEMPT);
    watcher.poll();

    inbox.get().done(VM);
    watcher.poll();

    assertThat(imds.startedEventIds()).containsExactly("E-preempt");
  }

  @Test
  void aRestartedControllerIsToldAgainAndTheAckWaitsForItsOwnRelease() throws Exception {
    imds.schedule(AzureScheduledEventsWatcherTest.PREEMPT);
    watcher.poll();
    inbox.get().requeued(VM, T0); // the old controller's release is lost with it
    inbox.set(new NoticeInbox(clock));

    assertThat(watcher.poll()).hasSize(1);
    assertThat(inbox.get().pending()).extracting(p -> p.notice().instanceId()).containsExactly(VM);
    watcher.poll();
    assertThat(imds.startRequests()).isZero();

    inbox.get().requeued(VM, T0.plusSeconds(30));
    watcher.poll();
    assertThat(imds.startedEventIds()).containsExactly("E-preempt");
  }

  @Test
  void anUnreachableControllerGetsTheEventNoAcknowledgement() throws Exception {
    imds.schedule(AzureScheduledEventsWatcherTest.PREEMPT);
    watcher.poll();
    inbox.get().requeued(VM, T0);
    controller.close();

    watcher.poll();
    watcher.poll();

    assertThat(imds.startRequests()).isZero();
    assertThat(imds.isScheduled("E-preempt")).isTrue();
  }
}
