package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Tags;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.sandbox.embedded.EmbeddedBudgets;
import dev.stratus.tests.support.E2eCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Dollar budgets on the real Slurm with real accounting (MariaDB and slurmdbd): account team-a has
 * a hard budget of $3.00, and each 8-GPU spot node costs $39.33 an hour. Two 2-minute jobs ($1.31
 * each) are admitted; a 10-minute one ($6.56) would overrun and is held with the sums in its
 * AdminComment, its node never launched; one without {@code --time} is held with a reason that says
 * to set it. Raising the budget (stratus.yaml edited, controller restarted) releases the held job
 * by itself; it runs, and once it has finished sacct lists its cost in dollars.
 */
@Tag("slurm")
class BudgetEndToEndTest {
  static final Duration WAIT = Duration.ofSeconds(120);

  @Test
  void aJobOverItsAccountsHardBudgetIsHeldWithItsReasonThenReleasedWhenRaisedAndSacctShowsItsCost()
      throws Exception {
    Instant started = Instant.now();
    try (E2eCluster e2e =
        E2eCluster.startWithAccounting("bud", 4, c -> budget(c.configFile(), "3.00"))) {
      String first = e2e.sbatch(job("--time=2"));
      String second = e2e.sbatch(job("--time=2"));
      String over = e2e.sbatch(job("--time=10"));
      String untimed = e2e.sbatch(job());

      await()
          .atMost(WAIT)
          .pollInterval(Duration.ofSeconds(1))
          .untilAsserted(
              () -> {
                assertThat(e2e.run("scontrol", "show", "job", over))
                    .contains("AdminComment=stratus: budget team-a month: spent $")
                    .containsPattern("\\+ this job \\$6\\.56 > \\$3\\.00")
                    .containsPattern("JobState=PENDING Reason=\\S*[Hh]eld");
                assertThat(e2e.run("scontrol", "show", "job", untimed))
                    .contains("set one with --time")
                    .containsPattern("JobState=PENDING Reason=\\S*[Hh]eld");
              });
      assertThat(e2e.run("squeue", "-h", "-j", over, "-o", "%T %r"))
          // held once allocated (requeuehold), or before (hold); squeue spells the first with
          // spaces
          .matches("PENDING (job requeued in held state|JobHeldAdmin)\\s*");
      // nothing was launched for the held jobs, and their nodes are powered down again
      assertThat(e2e.local().list(e2e.cluster.config().cluster()))
          .extracting(i -> i.tags().get(Tags.JOB))
          .doesNotContain(over, untimed);
      assertThat(e2e.job(first).orElseThrow().pending()).isFalse();
      assertThat(e2e.job(second).orElseThrow().pending()).isFalse();

      e2e.restartController(budget(e2e.cluster.configFile(), "20"));

      await()
          .atMost(WAIT)
          .pollInterval(Duration.ofSeconds(1))
          .until(() -> e2e.jobState(over).equals("COMPLETED"));
      assertThat(e2e.run("scontrol", "show", "job", untimed))
          .contains("set one with --time")
          .contains("JobState=PENDING");
      await()
          .atMost(WAIT)
          .pollInterval(Duration.ofSeconds(1))
          .untilAsserted(
              () ->
                  assertThat(
                          e2e.run(
                              "sacct",
                              "-n",
                              "-X",
                              "-P",
                              "-j",
                              over,
                              "-o",
                              "JobID,Account,AdminComment"))
                      .matches("(?s)" + over + "\\|team-a\\|stratus: cost \\$\\d+\\.\\d\\d\\s*"));
      assertThat(e2e.jobState(first)).isEqualTo("COMPLETED");
      assertThat(e2e.jobState(second)).isEqualTo("COMPLETED");

      e2e.run("scancel", untimed);
      e2e.awaitAllSuspended(WAIT);
    }
    System.out.println(
        "BudgetEndToEndTest took " + Duration.between(started, Instant.now()).toSeconds() + " s");
  }

  /** A one-node 8-GPU job of account team-a that runs five seconds. */
  static String[] job(String... extra) {
    String[] base = {"-A", "team-a", "-N1", "--gres=gpu:8", "--wrap", "sleep 5"};
    String[] all = new String[extra.length + base.length];
    System.arraycopy(extra, 0, all, 0, extra.length);
    System.arraycopy(base, 0, all, extra.length, base.length);
    return all;
  }

  static StratusConfig budget(Path yaml, String amount) {
    try {
      return EmbeddedBudgets.hardBudget(yaml, "team-a", new BigDecimal(amount));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
