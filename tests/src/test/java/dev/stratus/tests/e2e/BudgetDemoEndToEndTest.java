package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.tests.support.DemoProcess;
import java.math.BigDecimal;
import java.nio.file.Path;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./stratus demo --scenario budget --json} as a user runs it (the built distribution, a
 * process of its own) on this machine's Slurm with slurmdbd and MariaDB: team-a's third job is held
 * by its hard budget, released once the budget is raised, and every job completes; the ledger's
 * dollars agree with what the instances ran to a cent per instance (the ledger closes an instance
 * where its terminate call returned, the local history where its own teardown ended), and no hard
 * budget is over. Not in the 24.11 subset: the Debian 13 root has no slurmdbd.
 */
@Tag("slurm")
class BudgetDemoEndToEndTest {
  @TempDir Path dir;

  @Test
  void theBudgetDemoHoldsTheOverrunningJobReleasesItWhenRaisedAndItsBooksAgree() throws Exception {
    JsonNode summary = DemoProcess.demo(dir, "--scenario", "budget");

    assertThat(summary.get("jobs_submitted").asInt()).isEqualTo(4);
    assertThat(summary.get("jobs_completed").asInt()).isEqualTo(4);
    assertThat(summary.get("jobs_held_by_budget").asInt()).isEqualTo(1);
    assertThat(summary.get("jobs_released").asInt()).isEqualTo(1);
    assertThat(summary.get("held_reasons").get(0).asText())
        .startsWith("stratus: budget team-a month: spent $")
        .endsWith("+ this job $6.56 > $3.00");
    assertThat(summary.get("budget_usd").get("team-a").decimalValue()).isEqualByComparingTo("20");
    assertThat(summary.get("spent_usd").get("team-a").decimalValue())
        .isPositive()
        .isLessThanOrEqualTo(summary.get("budget_usd").get("team-a").decimalValue());
    assertThat(summary.get("spent_usd").get("team-b").decimalValue())
        .isPositive()
        .isLessThanOrEqualTo(summary.get("budget_usd").get("team-b").decimalValue());
    assertThat(summary.get("ledger_usd").decimalValue())
        .isPositive()
        .isCloseTo(
            summary.get("instances_usd").decimalValue(), Offset.offset(new BigDecimal("0.05")));
    assertThat(summary.get("idle_usd").decimalValue())
        .isLessThan(summary.get("ledger_usd").decimalValue());
    assertThat(summary.get("instances_left").asInt()).isZero();
    assertThat(summary.get("namespaces_left").asInt()).isZero();
  }
}
