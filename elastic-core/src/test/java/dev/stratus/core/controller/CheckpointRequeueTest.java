package dev.stratus.core.controller;

import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.wire.InterruptionNotice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A signalled job that writes its checkpoint is requeued then, not when the grace runs out. */
class CheckpointRequeueTest extends ControllerFixture {
  @TempDir Path checkpoints;

  @Override
  protected Controller newController(NodeCredentials credentials) {
    SpotSettings spot =
        new SpotSettings(
            "USR1",
            Duration.ofSeconds(60),
            Duration.ofSeconds(10),
            false,
            "",
            checkpoints.toString());
    return wired(
        new Controller(
            ControllerParts.builder(
                    Fixtures.withSpot(
                        Fixtures.config(List.of(pool("gpu", 4, SPOT, ON_DEMAND)), "fake"), spot),
                    slurm,
                    Map.<String, NodeProvider>of("fake", cloud),
                    spool,
                    clock)
                .credentials(credentials)
                .build()));
  }

  @Test
  void theJobIsRequeuedAsSoonAsItsCheckpointLandsWellInsideTheGrace() throws IOException {
    jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    Files.createDirectories(checkpoints.resolve("42"));
    Files.writeString(checkpoints.resolve("42/ckpt"), "100"); // the periodic one, before
    Files.setLastModifiedTime(checkpoints.resolve("42/ckpt"), FileTime.fromMillis(1_000));
    notice(cloud.alive().get(0), InterruptionNotice.Kind.RECLAIM, Duration.ofSeconds(120));
    noticeRun();
    assertThat(slurm.calls()).contains("signal 42 USR1");

    clock.add(Duration.ofSeconds(2));
    noticeRun();
    assertThat(controller.checkpointWritten()).isFalse();
    assertThat(slurm.calls()).doesNotContain("requeue 42");

    Files.writeString(checkpoints.resolve("42/ckpt"), "103"); // the job's answer to USR1
    assertThat(controller.checkpointWritten()).isTrue();
    noticeRun();

    assertThat(slurm.calls()).contains("requeue 42");
    assertThat(controller.checkpointWritten()).isFalse();
  }

  @Test
  void aJobThatWritesNoCheckpointIsRequeuedWhenTheGraceEnds() {
    jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    notice(cloud.alive().get(0), InterruptionNotice.Kind.RECLAIM, Duration.ofSeconds(120));
    noticeRun();

    clock.add(Duration.ofSeconds(59));
    noticeRun();
    assertThat(slurm.calls()).doesNotContain("requeue 42");

    clock.add(Duration.ofSeconds(1));
    noticeRun();
    assertThat(slurm.calls()).contains("requeue 42");
  }
}
