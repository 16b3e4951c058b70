package dev.stratus.core.controller;

import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.core.config.DeadlineSettings;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.DeadlineStatus;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller applies a deadline move: a job of one hour's work, due four hours after its
 * submission, runs on on-demand while spot is gone; once spot is back and its checkpoints show it
 * ahead, a pass moves it (Uniform Progress, 1-minute ticks, 2-minute changeover) and the notice
 * lane signals, requeues and releases it, and stratus status's file says so.
 */
class DeadlineMoveControllerTest extends ControllerFixture {
  @TempDir static Path root;

  @Override
  protected StratusConfig config() {
    StratusConfig c = Fixtures.config(List.of(pool("gpu", 4, SPOT, ON_DEMAND)), "fake");
    SpotSettings spot =
        new SpotSettings(
            "USR1", Duration.ofSeconds(30), Duration.ofSeconds(10), false, "", checkpoints());
    return new StratusConfig(
        c.cluster(),
        c.slurm(),
        c.powerSave(),
        c.timeouts(),
        c.spoolDir(),
        root.resolve("state"),
        c.mungeKeyFile(),
        c.pools(),
        c.providers(),
        spot,
        c.vault(),
        c.money(),
        c.controller(),
        new DeadlineSettings(
            "uniform-progress", Duration.ofMinutes(1), Duration.ofMinutes(2), Map.of()));
  }

  static String checkpoints() {
    return root.resolve("ckpt").toString();
  }

  SlurmJob deadlineJob(Instant submitted) {
    return new SlurmJob(
        7,
        "train",
        "RUNNING",
        "None",
        "gpu",
        "gpu-001",
        1,
        "gpu:h100:8",
        0,
        true,
        Optional.of(clock.instant()),
        new SlurmJob.Accounting(
            "ana",
            "ml",
            Optional.of(Duration.ofHours(1)),
            Optional.empty(),
            Optional.of(submitted),
            Optional.of(submitted.plus(Duration.ofHours(4)))),
        "");
  }

  void checkpointNow() throws Exception {
    Path file = Path.of(checkpoints(), "7", "ckpt-7");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "step");
    Files.setLastModifiedTime(file, FileTime.from(clock.instant()));
  }

  DeadlineStatus status() {
    return DeadlineBoard.read(root.resolve("state")).stream()
        .filter(d -> d.jobId() == 7)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aJobAheadOnOnDemandIsMovedToSpotThroughTheNoticeChainWithItsWorkCarried() throws Exception {
    Instant submitted = clock.instant().minus(Duration.ofHours(1));
    controller.unavailable().markUnavailable(SPOT.key());
    slurmResumes("r-7", 7, "gpu-001");
    pass();
    slurm.registered("gpu-001");
    Instance onDemand = cloud.alive().get(0);
    assertThat(onDemand.offering().capacityType()).isEqualTo(CapacityType.ON_DEMAND);
    slurm.addJob(deadlineJob(submitted));

    pass(); // behind: no work checkpointed yet
    assertThat(status().choice()).isEqualTo("stay on on-demand");

    clock.add(Duration.ofMinutes(40));
    checkpointNow();
    controller.unavailable().markAvailable(SPOT.key());
    List<Action> actions = pass();

    assertThat(actions)
        .filteredOn(a -> a instanceof Action.MoveJob)
        .singleElement()
        .satisfies(a -> assertThat(((Action.MoveJob) a).to()).isEqualTo(CapacityType.SPOT));
    assertThat(status().choice()).isEqualTo("move to spot");
    assertThat(status().done()).isEqualTo(Duration.ofMinutes(40));
    assertThat(controller.notices().pending())
        .singleElement()
        .satisfies(p -> assertThat(p.move()).get().asString().contains("job 7 moves"));

    noticeRun();
    assertThat(slurm.calls()).contains("signal 7 USR1");
    assertThat(slurm.calls())
        .anyMatch(c -> c.startsWith("drain [gpu-001] stratus: job 7 moves from on-demand"));
    clock.add(Duration.ofSeconds(31));
    noticeRun();
    assertThat(slurm.calls()).contains("requeue 7");
    assertThat(controller.metrics().noticeToRequeue().count()).isZero();
    assertThat(controller.unavailable().current()).doesNotContain(ON_DEMAND.key());
  }
}
