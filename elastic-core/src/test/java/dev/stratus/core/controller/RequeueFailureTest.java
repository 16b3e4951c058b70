package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.stratus.api.model.Instance;
import dev.stratus.core.slurm.SlurmCommandException;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeState;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A notice counts as requeued only once {@code scontrol requeue} succeeded: a failure is logged and
 * counted, asked again on the next run, and meanwhile the node stays and its watcher is not told it
 * may go.
 */
class RequeueFailureTest extends ControllerFixture {
  final Logger actuatorLog = (Logger) LoggerFactory.getLogger(Actuator.class);
  final ListAppender<ILoggingEvent> logged = new ListAppender<>();

  @BeforeEach
  void captureLog() {
    logged.start();
    actuatorLog.addAppender(logged);
  }

  @AfterEach
  void releaseLog() {
    actuatorLog.detachAppender(logged);
  }

  @Test
  void aFailedRequeueIsReportedRetriedAndNotTakenForDone() {
    Instance spot = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    notice(spot, InterruptionNotice.Kind.RECLAIM, Duration.ofSeconds(120));
    noticeRun(); // signal
    clock.add(Duration.ofSeconds(30));
    slurm.failNextRequeue(
        new SlurmCommandException("scontrol requeue 42: Unable to contact slurm controller"));

    noticeRun();

    assertThat(slurm.calls()).contains("requeue 42 failed").doesNotContain("requeue 42");
    assertThat(controller.notices().state(spot.id())).isEqualTo(NoticeState.ACTING);
    assertThat(controller.notices().pending())
        .singleElement()
        .satisfies(p -> assertThat(p.requeuedAt()).isEmpty());
    assertThat(controller.metrics().requeueFailures()).isEqualTo(1);
    assertThat(logged.list)
        .extracting(ILoggingEvent::getFormattedMessage)
        .anyMatch(
            m -> m.startsWith("scontrol requeue 42 for the notice on " + spot.id() + " failed"));

    noticeRun(); // still on the node, still due: asked again
    assertThat(slurm.calls()).contains("requeue 42");
    assertThat(slurm.calls()).noneMatch(c -> c.startsWith("power_down_force"));
    assertThat(controller.notices().state(spot.id())).isEqualTo(NoticeState.RELEASED);
  }

  @Test
  void onASharedNodeOnlyTheJobWhoseRequeueFailedIsAskedAgain() {
    Instance shared = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    slurm.addJob(Fixtures.runningJob(43, "gpu-001", 1, clock.instant()));
    notice(shared, InterruptionNotice.Kind.RECLAIM, Duration.ofSeconds(120));
    noticeRun();
    clock.add(Duration.ofSeconds(30));
    slurm.failNextRequeue(new SlurmCommandException("scontrol requeue 42: busy"));

    noticeRun(); // 42 fails, 43 goes
    assertThat(controller.notices().state(shared.id())).isEqualTo(NoticeState.ACTING);
    noticeRun(); // 43 is still completing on the node: only 42 is asked again

    assertThat(slurm.calls())
        .filteredOn(c -> c.startsWith("requeue"))
        .containsExactly("requeue 42 failed", "requeue 43", "requeue 42");
    assertThat(controller.notices().state(shared.id())).isEqualTo(NoticeState.RELEASED);
  }
}
