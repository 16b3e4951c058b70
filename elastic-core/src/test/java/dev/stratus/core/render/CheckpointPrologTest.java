package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rendered Prolog run by /bin/sh as slurmd runs it (root, the job's ids in the environment):
 * what it creates, and what it refuses.
 */
class CheckpointPrologTest {
  static final int NOBODY = 65534;

  @TempDir Path tmp;
  Path parent;
  Path script;

  @BeforeEach
  void writeScript() throws IOException {
    Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
    parent = tmp.resolve("checkpoints");
    script = tmp.resolve("stratus-prolog");
    Files.writeString(script, CheckpointProlog.script(parent.toString()));
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  record Run(int exit, String output) {}

  Run prolog(long job, int uid) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("/bin/sh", script.toString()).redirectErrorStream(true);
    pb.environment().clear();
    pb.environment()
        .putAll(
            Map.of(
                "SLURM_JOB_ID", Long.toString(job),
                "SLURM_JOB_UID", Integer.toString(uid),
                "SLURM_JOB_GID", Integer.toString(uid)));
    Process p = pb.start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Run(
        p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
  }

  static String owner(Path p) throws IOException {
    return Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS)
        + " "
        + PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  @Test
  void theJobsDirectoryIsCreatedAsTheJobsUserWithMode0700UnderARootOwnedParent() throws Exception {
    Run run = prolog(42, NOBODY);

    assertThat(run.exit()).as(run.output()).isZero();
    assertThat(owner(parent)).isEqualTo("0 rwxr-xr-x");
    assertThat(owner(parent.resolve("42"))).isEqualTo(NOBODY + " rwx------");
  }

  @Test
  void aDirectoryTheJobsOwnUserOwnsIsUsedAgainAfterARequeue() throws Exception {
    prolog(42, NOBODY);
    Files.writeString(parent.resolve("42/last.pt"), "step 100");

    Run again = prolog(42, NOBODY);

    assertThat(again.exit()).as(again.output()).isZero();
    assertThat(parent.resolve("42/last.pt")).hasContent("step 100");
  }

  @Test
  void aDirectoryAnotherUserOwnsIsRefusedSayingWhose() throws Exception {
    prolog(42, 4242);

    Run run = prolog(42, NOBODY);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.output())
        .contains("stratus-prolog: job 42: " + parent.resolve("42"))
        .contains("is owned by uid 4242, not by the job's user (uid " + NOBODY + ")");
  }

  @Test
  void aSymlinkInPlaceOfTheDirectoryIsRefused() throws Exception {
    Files.createDirectories(parent);
    Files.createSymbolicLink(parent.resolve("43"), tmp);

    Run run = prolog(43, NOBODY);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.output()).contains(parent.resolve("43") + " is a symlink");
  }

  @Test
  void aParentUsersCanWriteToIsRefusedBecauseTheyCouldPlantAFutureJobsDirectory() throws Exception {
    Files.createDirectories(parent);
    Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxrwxrwx"));

    Run run = prolog(44, NOBODY);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.output()).contains("must not be writable by group or others (mode 777)");
    assertThat(parent.resolve("44")).doesNotExist();
  }

  @Test
  void theTaskPrologOnlyExportsTheDirectory() {
    String task = TaskProlog.script("/shared/ckpt");

    assertThat(task)
        .contains("export STRATUS_CHECKPOINT_DIR=$dir")
        .contains("dir=\"/shared/ckpt/${SLURM_JOB_ID:?}\"")
        .doesNotContain("mkdir");
  }
}
