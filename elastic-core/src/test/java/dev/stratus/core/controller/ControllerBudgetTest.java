package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.core.config.MoneySettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetPeriod;
import dev.stratus.core.money.BudgetScope;
import dev.stratus.core.slurm.SlurmJob;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Budgets through the whole controller on the in-memory Slurm: account team-a may spend $50 a
 * month, a job's node costs $30/h (spot) and every job asks one node for an hour. The second job is
 * held in Slurm with the sums, its node powered down, its request acknowledged; a controller
 * started with the budget raised releases it.
 */
class ControllerBudgetTest extends ControllerFixture {
  String amount = "50";

  @Override
  protected StratusConfig config() {
    Budget teamA =
        new Budget(
            "team-a",
            BudgetScope.account("team-a"),
            new BudgetPeriod.Month(ZoneOffset.UTC),
            new BigDecimal(amount),
            Budget.Mode.HARD,
            false,
            List.of(),
            Optional.empty());
    MoneySettings d = MoneySettings.defaults(Path.of("/tmp/stratus-test/state"));
    return super.config().withMoney(new MoneySettings(d.prices(), d.ledger(), List.of(teamA)));
  }

  /** Slurm allocated {@code node} to job {@code id} of team-a and asked for it. */
  void teamAJobWants(long id, String node) {
    slurmResumes("r" + id, id, node);
    slurm.addJob(
        new SlurmJob(
            id,
            "train",
            "CONFIGURING",
            "None",
            "gpu",
            node,
            1,
            "gpu:h100:8",
            0,
            true,
            Optional.empty(),
            new SlurmJob.Accounting(
                "alice", "team-a", Optional.of(Duration.ofHours(1)), Optional.empty(), ""),
            ""));
  }

  @Test
  void theJobThatWouldOverrunTheBudgetIsHeldWithItsReasonAndItsNodePoweredDown() {
    teamAJobWants(7, "gpu-001");
    teamAJobWants(8, "gpu-002");

    pass();

    String reason =
        "stratus: budget team-a month: spent $0.00 + reserved $30.00 + this job $30.00 > $50.00";
    assertThat(cloud.alive()).hasSize(1);
    assertThat(slurm.calls())
        .containsSubsequence(
            "requeuehold 8 " + reason,
            "power_down_force [gpu-002] stratus: job 8 held for budget team-a");
    assertThat(spool.pending()).isEmpty();
    SlurmJob held = slurm.jobs().stream().filter(j -> j.jobId() == 8).findFirst().orElseThrow();
    assertThat(held.accounting().adminComment()).isEqualTo(reason);
    assertThat(held.reason()).isEqualTo("job_requeued_in_held_state");
  }

  @Test
  void aHeldJobStaysHeldPassAfterPassAndIsReleasedOnceTheBudgetIsRaised() {
    teamAJobWants(7, "gpu-001");
    teamAJobWants(8, "gpu-002");
    pass();
    pass();
    assertThat(slurm.calls()).noneMatch(c -> c.startsWith("release"));

    controller.close();
    amount = "100";
    controller = newController(NodeCredentials.NONE);
    pass();

    assertThat(slurm.calls())
        .contains("release 8 stratus: released: the budgets now admit this job");
    assertThat(slurm.jobs().stream().filter(j -> j.jobId() == 8).findFirst().orElseThrow().reason())
        .isEqualTo("Priority");
  }

  @Test
  void aJobCancelledWhileHeldIsSimplyGone() {
    teamAJobWants(7, "gpu-001");
    teamAJobWants(8, "gpu-002");
    pass();
    slurm.removeJob(8);

    pass();

    assertThat(slurm.calls()).noneMatch(c -> c.startsWith("release"));
    assertThat(cloud.alive()).hasSize(1);
  }
}
