package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.sandbox.demo.CheckpointLog;
import dev.stratus.tests.support.CheckpointJobs;
import dev.stratus.tests.support.E2eCluster;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The chaos suite's spot storm on the real Slurm of this machine: eight running spot nodes, four of
 * them each shared by two checkpointing jobs (4 of the 8 GPUs each) and four running one whole-node
 * job each; half of them (two shared, two whole) are reclaimed at once, one of each kind with a
 * notice and one of each without. Every job of a reclaimed node, both of a shared node's, must be
 * requeued once, resume from its checkpoint on replacement capacity and complete; the other nodes'
 * jobs are not touched; nothing is left once the cluster is idle. The figures go to
 * reliability.json.
 */
@Tag("slurm")
class SpotStormEndToEndTest {
  static final Duration WAIT = Duration.ofSeconds(150);
  static final int NODES = 8;
  static final int CKPT_EVERY = 5;

  /**
   * Long enough that no job finishes before the last of the eight nodes has booted, and that the
   * nodes left alone are still busy when Slurm places the requeued jobs (so they go to replacement
   * instances). The storm starts when the last node's job is past its third step, and the first
   * nodes may have booted 25 s before it; Slurm placed the requeued jobs ~32 s after a no-notice
   * storm on the loaded 2-core machine, and once (during CI, at 45 steps) 18 s after it, when the
   * nodes left alone that had booted first were idle: Slurm powered up 2 replacements, not 4.
   */
  static final int STEPS = 75;

  static E2eCluster e2e;
  static CheckpointJobs jobs;

  @BeforeAll
  static void startCluster() throws Exception {
    e2e = E2eCluster.start("storm", NODES);
    jobs = new CheckpointJobs(e2e.cluster);
  }

  @AfterAll
  static void tearDown() {
    if (e2e != null) {
      e2e.close();
    }
  }

  /**
   * One storm: a shared and a whole node reclaimed with a 20 s notice, at the same moment a shared
   * and a whole node killed without one. Both paths race each other for replacement capacity, as
   * they would in a real reclaim wave, and half the wall time of two storms one after the other.
   */
  @Test
  void halfOfEightSpotNodesReclaimedWithAndWithoutNoticeLoseNoJobNorACheckpointedStep()
      throws Exception {
    Storm storm = Storm.start(e2e, jobs, STEPS, CKPT_EVERY);
    double requeuedBefore = count("stratus.spot.jobs.requeued");
    double noticesBefore = count("stratus.spot.notices", "kind", "reclaim");
    double reclaimsBefore = count("stratus.spot.reclaims", "notice", "false");
    double lostBefore = count("stratus.spot.gpu.seconds.lost", "notice", "false");

    storm.reclaimHalf("20s");
    storm.unnoticedNodes().forEach(node -> assertThat(storm.instanceOn(node)).isEmpty());
    storm.awaitEveryJobCompleted();

    storm.assertEveryJobOfAReclaimedNodeRequeuedOnceAndNoOtherJob();
    assertThat(storm.noticedJobs()).hasSize(3);
    for (String job : storm.noticedJobs()) {
      CheckpointLog run = jobs.log(job);
      assertThat(run.signalled()).as("job %s checkpointed on the notice's USR1", job).isTrue();
      assertThat(run.resumes())
          .singleElement()
          .satisfies(r -> assertThat(r.fromStep()).isPositive());
      assertThat(run.maxStepsLost()).as("steps job %s redid", job).isLessThanOrEqualTo(CKPT_EVERY);
    }
    assertThat(storm.unnoticedJobs()).hasSize(3);
    for (String job : storm.unnoticedJobs()) {
      CheckpointLog run = jobs.log(job);
      assertThat(run.signalled()).as("job %s had no notice to act on", job).isFalse();
      assertThat(run.resumes())
          .singleElement()
          .satisfies(
              r -> {
                assertThat(r.fromStep())
                    .as("job %s resumed from the last checkpoint it wrote", job)
                    .isEqualTo(Storm.lastCheckpointBeforeResume(jobs.read(job)));
                assertThat(r.stepsLost()).isLessThanOrEqualTo(CKPT_EVERY);
              });
    }
    assertThat(count("stratus.spot.jobs.requeued") - requeuedBefore)
        .as("jobs the notice chain requeued (Slurm requeues those of a node killed without one)")
        .isEqualTo(storm.noticedJobs().size());
    assertThat(count("stratus.spot.notices", "kind", "reclaim") - noticesBefore)
        .as("one notice per node reclaimed with one")
        .isEqualTo(storm.noticedNodes().size());
    assertThat(count("stratus.spot.reclaims", "notice", "false") - reclaimsBefore)
        .as("one no-notice reclaim per node killed without one")
        .isEqualTo(storm.unnoticedNodes().size());
    // the whole node killed without a notice: 8 GPUs for at least the 3 steps its job had run
    assertThat(count("stratus.spot.gpu.seconds.lost", "notice", "false") - lostBefore)
        .isGreaterThanOrEqualTo(8 * 3.0);
    storm.assertReplacementsLaunched();
    awaitAllSuspended();
    storm.record("mixed");
  }

  /** Powered down, and no instance, namespace or metadata endpoint left. */
  static void awaitAllSuspended() {
    e2e.awaitAllSuspended(WAIT, () -> assertThat(e2e.metadataProcesses()).isEmpty());
  }

  /** A counter of the controller's metrics; 0 before its first increment. */
  static double count(String name, String... tags) {
    var counter = e2e.runtime().controller().metrics().registry().find(name).tags(tags).counter();
    return counter == null ? 0 : counter.count();
  }
}
