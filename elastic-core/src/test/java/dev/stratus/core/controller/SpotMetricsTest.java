package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.stratus.api.model.Instance;
import dev.stratus.core.metrics.EventLog;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.wire.InterruptionNotice.Kind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** What the controller counts, times and logs as events when spot capacity goes away. */
class SpotMetricsTest extends ControllerFixture {
  final Logger events = (Logger) LoggerFactory.getLogger(EventLog.LOGGER);
  final ListAppender<ILoggingEvent> logged = new ListAppender<>();

  @BeforeEach
  void captureEvents() {
    logged.start();
    events.addAppender(logged);
  }

  @AfterEach
  void releaseEvents() {
    events.detachAppender(logged);
  }

  MeterRegistry registry() {
    return controller.metrics().registry();
  }

  double count(String name, String... tags) {
    return registry().get(name).tags(tags).counter().count();
  }

  /** Every label value's count added up (each one is registered at 0 from the start). */
  double total(String name) {
    return registry().get(name).counters().stream().mapToDouble(Counter::count).sum();
  }

  List<String> eventLines() {
    return logged.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
  }

  @Test
  void aReclaimNoticeIsCountedOnceAndItsRequeueIsTimedFromReceiptAndChargedTheRunsGpuSeconds() {
    Instance spot = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    assertThat(notice(spot, Kind.RECLAIM, Duration.ofSeconds(120))).isTrue();
    clock.add(Duration.ofSeconds(2)); // the pass starts a little after the POST
    assertThat(notice(spot, Kind.RECLAIM, Duration.ofSeconds(120))).isFalse();

    noticeRun(); // signal + drain; the grace (30 s) starts
    clock.add(Duration.ofSeconds(30));
    noticeRun(); // requeue

    assertThat(slurm.calls()).contains("signal 42 USR1", "requeue 42");
    assertThat(count("stratus.spot.notices", "kind", "reclaim")).isEqualTo(1);
    assertThat(count("stratus.spot.reclaims", "notice", "true")).isEqualTo(1);
    assertThat(count("stratus.spot.jobs.signalled")).isEqualTo(1);
    assertThat(count("stratus.spot.jobs.requeued")).isEqualTo(1);
    var timer = controller.metrics().noticeToRequeue();
    assertThat(timer.count()).isEqualTo(1);
    assertThat(timer.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(32_000);
    // 8 GPUs x (600 s before the notice + 32 s until the requeue)
    assertThat(count("stratus.spot.gpu.seconds.lost", "notice", "true")).isEqualTo(8 * 632.0);
    assertThat(eventLines())
        .containsExactly(
            "event=notice instance="
                + spot.id()
                + " kind=reclaim deadline=2026-11-21T12:02:00Z seen_at=2026-11-21T12:00:00Z"
                + " received_at=2026-11-21T12:00:00Z",
            "event=signal job=42 signal=USR1 instance=" + spot.id(),
            "event=requeue job=42 instance="
                + spot.id()
                + " gpus=8 gpu_seconds_lost=5056 notice_to_requeue_ms=32000");
  }

  @Test
  void aRebalanceRecommendationIsANoticeButNeitherAReclaimNorARequeue() {
    Instance spot = jobRunning(42, "gpu-001", Duration.ofMinutes(1));
    notice(spot, Kind.REBALANCE_RECOMMENDATION, Duration.ofMinutes(10));

    noticeRun();
    clock.add(Duration.ofMinutes(1));
    noticeRun();

    assertThat(count("stratus.spot.notices", "kind", "rebalance_recommendation")).isEqualTo(1);
    assertThat(total("stratus.spot.reclaims")).isZero();
    assertThat(count("stratus.spot.jobs.requeued")).isZero();
    assertThat(controller.metrics().noticeToRequeue().count()).isZero();
  }

  @Test
  void aNodeFoundWithoutItsInstanceIsAReclaimWithoutNoticeChargingItsJobOnce() {
    slurmResumes("r1", 9, "gpu-001", "gpu-002");
    pass();
    slurm.registered("gpu-001");
    slurm.registered("gpu-002");
    slurm.addJob(Fixtures.runningJob(9, "gpu-[001-002]", 2, clock.instant().minusSeconds(300)));
    cloud.alive().forEach(i -> cloud.vanish(i.id()));

    pass();

    assertThat(slurm.node("gpu-001").down()).isTrue();
    assertThat(count("stratus.spot.reclaims", "notice", "false")).isEqualTo(2);
    assertThat(count("stratus.spot.gpu.seconds.lost", "notice", "false")).isEqualTo(16 * 300.0);
    assertThat(count("stratus.nodes.set.down")).isEqualTo(2);
    assertThat(total("stratus.spot.notices")).isZero();
    assertThat(eventLines())
        .containsExactly(
            "event=reclaim node=gpu-001 notice=false job=9 gpu_seconds_lost=4800",
            "event=reclaim node=gpu-002 notice=false job=9 gpu_seconds_lost=0");
  }

  @Test
  void aNoticedInstanceThatVanishesBeforeItsRequeueIsNotCountedASecondTime() {
    Instance spot = jobRunning(7, "gpu-001", Duration.ofMinutes(5));
    notice(spot, Kind.RECLAIM, Duration.ofSeconds(120));
    noticeRun(); // signal + drain
    cloud.vanish(spot.id()); // the cloud took it before the grace ended

    pass();

    assertThat(count("stratus.spot.reclaims", "notice", "true")).isEqualTo(1);
    assertThat(count("stratus.spot.reclaims", "notice", "false")).isZero();
    assertThat(count("stratus.spot.gpu.seconds.lost", "notice", "true")).isEqualTo(8 * 300.0);
    assertThat(eventLines())
        .contains("event=reclaim node=gpu-001 notice=true job=7 gpu_seconds_lost=2400");
  }
}
