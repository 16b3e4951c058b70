package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.sandbox.process.Processes;
import dev.stratus.tests.support.E2eCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * On the real Slurm 22.05, jobs of two local users: each job's checkpoint directory is made by the
 * rendered Prolog (root) for its user only, another user can neither read nor plant anything there
 * nor create a future job's directory, and a directory left by another user for a job id is
 * refused. And a script submitted from its user's own directory runs there.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("slurm")
class CheckpointDirEndToEndTest {
  static final Duration WAIT = Duration.ofSeconds(150);
  static E2eCluster e2e;
  static String alice;
  static String bob;
  static Path checkpoints;
  static String aliceJob;

  @BeforeAll
  static void startCluster() throws Exception {
    alice = E2eCluster.localUser("stratus-e2e-a");
    bob = E2eCluster.localUser("stratus-e2e-b");
    e2e = E2eCluster.start("ckpt", 2);
    checkpoints = Path.of(e2e.cluster.config().spot().checkpointDir());
  }

  @AfterAll
  static void tearDown() {
    if (e2e != null) {
      e2e.close();
    }
  }

  static void awaitDone(String job) {
    await()
        .atMost(WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> e2e.job(job).map(SlurmJob::finished).orElse(false));
  }

  @Test
  @Order(1)
  void aJobsDirectoryBelongsToItsUserAloneBeforeTheJobStarts() throws Exception {
    aliceJob =
        e2e.sbatchAs(
            alice,
            "-N1",
            "--gres=gpu:h100:1",
            "--wrap",
            "stat -c 'dir %U %a' \"$STRATUS_CHECKPOINT_DIR\"; echo secret > \"$STRATUS_CHECKPOINT_DIR/last.pt\"");
    awaitDone(aliceJob);

    assertThat(e2e.jobState(aliceJob)).isEqualTo("COMPLETED");
    assertThat(e2e.output(aliceJob)).contains("dir " + alice + " 700");
    assertThat(checkpoints.resolve(aliceJob + "/last.pt")).hasContent("secret");
    assertThat(Files.getAttribute(checkpoints, "unix:uid")).isEqualTo(0);
  }

  @Test
  @Order(2)
  void anotherUsersJobCanNeitherReadNorPlantACheckpointNorMakeAFutureJobsDirectory()
      throws Exception {
    Path theirs = checkpoints.resolve(aliceJob);
    String future = checkpoints.resolve("999999").toString();
    String job =
        e2e.sbatchAs(
            bob,
            "-N1",
            "--gres=gpu:h100:1",
            "--wrap",
            "cat "
                + theirs
                + "/last.pt && echo READ; touch "
                + theirs
                + "/planted.pt && echo PLANTED; mkdir "
                + future
                + " && echo MADE; echo tried");
    awaitDone(job);

    assertThat(e2e.output(job))
        .contains("tried")
        .doesNotContain("READ", "PLANTED", "MADE", "secret");
    assertThat(theirs.resolve("planted.pt")).doesNotExist();
    assertThat(Path.of(future)).doesNotExist();
  }

  @Test
  @Order(3)
  void aDirectoryAnotherUserLeftForTheNextJobIdIsRefusedAndTheJobHeld() throws Exception {
    String last = e2e.sbatchAs(bob, "-N1", "--gres=gpu:h100:1", "--wrap", "true");
    awaitDone(last);
    Path stale = checkpoints.resolve(Long.toString(Long.parseLong(last) + 1));
    Files.createDirectory(stale);
    Processes.run(List.of("chown", bob + ":" + bob, stale.toString()), Map.of(), null, WAIT);
    Files.writeString(stale.resolve("last.pt"), "planted");

    String job =
        e2e.sbatchAs(
            alice, "-N1", "--gres=gpu:h100:1", "--wrap", "cat \"$STRATUS_CHECKPOINT_DIR/last.pt\"");

    assertThat(job).isEqualTo(stale.getFileName().toString());
    // Slurm requeues the job held (squeue: JobHeldUser) and drains the node; slurmd logs why.
    SlurmJob held =
        await()
            .atMost(WAIT)
            .pollInterval(Duration.ofSeconds(1))
            .until(
                () -> e2e.job(job).orElseThrow(),
                j -> j.pending() && j.restartCount() > 0 && j.reason().contains("Held"));
    assertThat(held.nodes()).isEmpty();
    assertThat(e2e.nodes()).anySatisfy(n -> assertThat(n.reason()).isEqualTo("Prolog error"));
    assertThat(slurmdLogs())
        .contains(
            "prolog failed: rc:1 output:stratus-prolog: job "
                + job
                + ": "
                + stale
                + " exists and is owned by uid ");
    assertThat(e2e.output(job)).doesNotContain("planted");
    e2e.run("scancel", job);
    e2e.nodes().stream()
        .filter(n -> n.reason().equals("Prolog error"))
        .forEach(n -> e2e.run("scontrol", "update", "nodename=" + n.name(), "state=undrain"));
  }

  /**
   * A user submits from where the script is: {@code sbatch job.sh} in a directory of their own,
   * outside the cluster's. On a Slurm root (24.11, 26.05) the clients and the nodes' slurmd run in
   * the root, which must see that directory: the script is found, runs there, reads its input
   * beside it and writes {@code slurm-<id>.out} there. For root as for another user.
   */
  @Test
  @Order(4)
  void aScriptSubmittedFromTheUsersOwnDirectoryRunsThereAndWritesItsOutputBesideIt()
      throws Exception {
    for (String user : List.of("root", alice)) {
      Path dir = Files.createTempDirectory(Path.of("/tmp"), "stratus-e2e-submit-");
      Files.writeString(dir.resolve("input.txt"), "input of " + user + "\n");
      Files.writeString(
          dir.resolve("job.sh"),
          "#!/bin/sh\n#SBATCH --gres=gpu:h100:1\necho \"ran in $(pwd)\"; cat input.txt\n");
      Processes.run(List.of("chown", "-R", user, dir.toString()), Map.of(), null, WAIT);
      List<String> asUser = user.equals("root") ? List.of() : List.of("runuser", "-u", user, "--");
      List<String> argv = new ArrayList<>(asUser);
      argv.addAll(List.of("sh", "-c", "cd " + dir + " && sbatch --parsable -p gpu job.sh"));

      String job = e2e.run(argv.toArray(String[]::new)).strip();
      awaitDone(job);

      assertThat(e2e.jobState(job)).as(user + "'s job").isEqualTo("COMPLETED");
      assertThat(dir.resolve("slurm-" + job + ".out"))
          .content()
          .contains("ran in " + dir)
          .contains("input of " + user);
    }
  }

  /** Every node's slurmd.log, one after the other. */
  static String slurmdLogs() throws IOException {
    StringBuilder all = new StringBuilder();
    try (var files = Files.walk(e2e.cluster.root().resolve("state/slurm/nodes"))) {
      for (Path f : files.filter(p -> p.getFileName().toString().equals("slurmd.log")).toList()) {
        all.append(Files.readString(f));
      }
    }
    return all.toString();
  }
}
