package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeState;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Every job on a reclaimed shared node is saved, and the node goes only once all have left. */
class SharedNodeNoticeTest extends ControllerFixture {
  @Test
  void everyJobOnANoticedSharedNodeIsSignalledAndRequeuedAndTheNodeGoesOnlyOnceAllHaveLeft() {
    Instance shared = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    slurm.addJob(Fixtures.runningJob(43, "gpu-001", 1, clock.instant().minusSeconds(60)));
    notice(shared, InterruptionNotice.Kind.RECLAIM, Duration.ofSeconds(120));

    noticeRun();
    assertThat(slurm.calls()).contains("signal 42 USR1", "signal 43 USR1");

    clock.add(Duration.ofSeconds(30));
    noticeRun();
    assertThat(slurm.calls()).contains("requeue 42", "requeue 43");
    assertThat(controller.notices().state(shared.id())).isEqualTo(NoticeState.RELEASED);

    slurm.removeJob(42); // 43 is still completing on the node
    noticeRun();
    assertThat(slurm.calls()).noneMatch(c -> c.startsWith("power_down_force"));

    slurm.removeJob(43);
    noticeRun();
    assertThat(slurm.calls()).anyMatch(c -> c.startsWith("power_down_force [gpu-001]"));
    assertThat(controller.notices().pending()).isEmpty();
    assertThat(controller.metrics().noticeToRequeue().count()).isEqualTo(2);
  }

  @Test
  void aSharedNodeFoundWithoutItsInstanceChargesEveryJobOnIt() {
    Instance shared = jobRunning(42, "gpu-001", Duration.ofSeconds(100));
    slurm.addJob(Fixtures.runningJob(43, "gpu-001", 1, clock.instant().minusSeconds(50)));
    cloud.vanish(shared.id());

    pass();

    assertThat(slurm.node("gpu-001").down()).isTrue();
    assertThat(
            controller
                .metrics()
                .registry()
                .get("stratus.spot.gpu.seconds.lost")
                .tags("notice", "false")
                .counter()
                .count())
        .isEqualTo(8 * 100.0 + 8 * 50.0);
  }
}
