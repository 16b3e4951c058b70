package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.slurm.SlurmJob;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobProgressTest {
  static final Instant T0 = Instant.parse("2026-11-25T12:00:00Z");

  @TempDir Path dir;

  static SlurmJob job(String state, int restarts) {
    return new SlurmJob(
        7, "train", state, "", "gpu", "", 1, "gpu:8", restarts, true, Optional.empty());
  }

  void checkpointAt(Instant at) throws Exception {
    Path file = dir.resolve("7/ckpt-7");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "step");
    Files.setLastModifiedTime(file, FileTime.from(at));
  }

  @Test
  void workDoneRunsFromWhenTheRunWasSeenToItsNewestCheckpoint() throws Exception {
    JobProgress progress = new JobProgress(Checkpoints.inDirectory(dir.toString()));
    progress.observe(T0, List.of(job("RUNNING", 0)));
    checkpointAt(T0.plusSeconds(40));
    progress.observe(T0.plusSeconds(45), List.of(job("RUNNING", 0)));

    assertThat(progress.done(7)).isEqualTo(Duration.ofSeconds(40));
  }

  @Test
  void aRequeuedJobKeepsTheWorkOfItsEarlierRunsAndAddsTheNewRuns() throws Exception {
    JobProgress progress = new JobProgress(Checkpoints.inDirectory(dir.toString()));
    progress.observe(T0, List.of(job("RUNNING", 0)));
    checkpointAt(T0.plusSeconds(30));
    progress.observe(T0.plusSeconds(32), List.of(job("RUNNING", 0)));
    // requeued: the checkpoint written at the requeue's TERM still belongs to the first run
    checkpointAt(T0.plusSeconds(33));
    progress.observe(T0.plusSeconds(35), List.of(job("PENDING", 1)));
    assertThat(progress.done(7)).isEqualTo(Duration.ofSeconds(33));

    progress.observe(T0.plusSeconds(60), List.of(job("RUNNING", 1)));
    assertThat(progress.done(7)).isEqualTo(Duration.ofSeconds(33));
    checkpointAt(T0.plusSeconds(80));
    progress.observe(T0.plusSeconds(81), List.of(job("RUNNING", 1)));

    assertThat(progress.done(7)).isEqualTo(Duration.ofSeconds(33 + 20));
  }

  @Test
  void aCheckpointOlderThanTheRunCountsForNothing() throws Exception {
    checkpointAt(T0.minusSeconds(100));
    JobProgress progress = new JobProgress(Checkpoints.inDirectory(dir.toString()));
    progress.observe(T0, List.of(job("RUNNING", 0)));

    assertThat(progress.done(7)).isZero();
  }

  @Test
  void aJobNoLongerObservedIsForgotten() throws Exception {
    JobProgress progress = new JobProgress(Checkpoints.inDirectory(dir.toString()));
    progress.observe(T0, List.of(job("RUNNING", 0)));
    checkpointAt(T0.plusSeconds(10));
    progress.observe(T0.plusSeconds(11), List.of(job("RUNNING", 0)));
    progress.observe(T0.plusSeconds(12), List.of());

    assertThat(progress.done(7)).isZero();
  }

  @Test
  void withoutACheckpointDirectoryNoWorkIsEverSeen() throws Exception {
    checkpointAt(T0.plusSeconds(10));
    JobProgress progress = new JobProgress(Checkpoints.NONE);
    progress.observe(T0, List.of(job("RUNNING", 0)));
    progress.observe(T0.plusSeconds(20), List.of(job("RUNNING", 0)));

    assertThat(progress.done(7)).isZero();
  }
}
