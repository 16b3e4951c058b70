package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What counts as "the job wrote a checkpoint since its signal", on a real file system. */
class CheckpointWatchTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");

  @TempDir Path dir;

  Path write(String relative, Instant modified) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, "step");
    Files.setLastModifiedTime(file, FileTime.from(modified));
    return file;
  }

  @Test
  void aCheckpointRenamedIntoPlaceAfterTheSignalCounts() throws IOException {
    write("42/ckpt", T0);
    CheckpointWatch watch = new CheckpointWatch(dir.toString());
    watch.signalling("i-1", 42);
    assertThat(watch.checkpointed()).isEmpty();

    Path tmp = write("42/ckpt.tmp", T0.plusSeconds(1));
    assertThat(watch.checkpointed()).as("still being written").isEmpty();
    Files.move(tmp, dir.resolve("42/ckpt"), StandardCopyOption.REPLACE_EXISTING);

    assertThat(watch.checkpointed()).containsExactly(42L);
  }

  @Test
  void aJobsFirstCheckpointCountsAndOnlyForThatJob() throws IOException {
    CheckpointWatch watch = new CheckpointWatch(dir.toString());
    watch.signalling("i-1", 42);
    watch.signalling("i-2", 43);
    assertThat(watch.checkpointed()).isEmpty();

    write("42/step-100/model.pt", T0); // a checkpoint directory per step, two levels down
    write("43/.partial", T0);

    assertThat(watch.checkpointed()).containsExactly(42L);
  }

  @Test
  void aForgottenNoticeIsNoLongerWatched() throws IOException {
    CheckpointWatch watch = new CheckpointWatch(dir.toString());
    watch.signalling("i-1", 42);
    write("42/ckpt", T0);
    assertThat(watch.checkpointed()).containsExactly(42L);

    watch.forget("i-1");

    assertThat(watch.checkpointed()).isEmpty();
  }

  @Test
  void withoutACheckpointDirectoryNothingIsLookedFor() throws IOException {
    write("42/ckpt", T0); // a directory the config does not name
    CheckpointWatch watch = new CheckpointWatch("");
    watch.signalling("i-1", 42);
    write("42/ckpt", T0.plusSeconds(5));

    assertThat(watch.checkpointed()).isEmpty();
  }
}
