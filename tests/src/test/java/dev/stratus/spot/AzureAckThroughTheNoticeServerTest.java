package dev.stratus.spot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.core.notice.NoticeInbox;
import dev.stratus.daemon.ControllerSecret;
import dev.stratus.daemon.EndpointLimits;
import dev.stratus.daemon.MetricsRoute;
import dev.stratus.daemon.NoticeRoutes;
import dev.stratus.daemon.NoticeServer;
import dev.stratus.daemon.Signers;
import dev.stratus.testkit.metadata.AzureMetadataModel;
import dev.stratus.wire.RequestSigner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.threeten.extra.MutableClock;

/**
 * The Azure watcher with the real {@link HttpNoticeSink}, signing as its node, against the
 * controller's real {@link NoticeServer} (which checks the signature against the instance bound to
 * the node) and {@link NoticeInbox} on loopback: the Preempt is acknowledged only once the inbox
 * says the job was requeued (or the notice is done).
 */
class AzureAckThroughTheNoticeServerTest {
  static final Instant T0 = AzureScheduledEventsWatcherTest.T0;
  static final String VM = "spot-vm-3";
  static final String NODE = "gpu-003";

  @TempDir static Path dir;
  final MutableClock clock = MutableClock.of(T0, ZoneOffset.UTC);
  final AtomicReference<NoticeInbox> inbox = new AtomicReference<>(new NoticeInbox(clock));
  final ControllerSecret secret = secret();
  final Instance vm =
      new Instance(
          VM,
          new OfferingKey("azure", "eastus", "1", "Standard_ND96isr_H100_v5", CapacityType.SPOT),
          InstanceState.RUNNING,
          T0,
          "10.0.1.3",
          Map.of(Tags.NODE, NODE, Tags.TOKEN, "st-launch-of-gpu-003"));
  final NoticeServer controller = start();
  final AzureMetadataModel imds = new AzureMetadataModel(VM, clock);
  final AzureScheduledEventsWatcher watcher =
      new AzureScheduledEventsWatcher(
          imds.base(),
          Optional.empty(),
          new HttpNoticeSink(
              URI.create("http://127.0.0.1:" + controller.address().getPort() + "/v1/notices"),
              Duration.ofSeconds(2),
              new RequestSigner(
                  NODE, secret.keyFor(NODE, "st-launch-of-gpu-003").orElseThrow(), clock),
              Optional.empty()),
          clock,
          Duration.ofSeconds(1));

  ControllerSecret secret() {
    try {
      return ControllerSecret.loadOrCreate(dir.resolve("keys/controller.secret"), "c1");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  NoticeServer start() {
    EndpointLimits limits = EndpointLimits.DEFAULTS;
    try {
      return new NoticeServer(
          "127.0.0.1:0",
          Optional.empty(),
          limits,
          new NoticeRoutes(
              new NoticeRoutes.Receivers(
                  n -> inbox.get().add(n, clock.instant()),
                  id -> inbox.get().state(id),
                  r -> false,
                  () -> {}),
              new Signers(
                  secret,
                  node -> node.equals(NODE) ? Optional.of(vm) : Optional.empty(),
                  clock,
                  limits.maxNonces()),
              new MetricsRoute(() -> "", Optional.empty()),
              limits,
              clock));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
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
