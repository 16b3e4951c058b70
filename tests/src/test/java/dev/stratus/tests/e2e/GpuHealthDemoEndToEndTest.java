package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.tests.support.DemoProcess;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./stratus demo --scenario gpu-health --json} as a user runs it: the node whose GPUs fail
 * their admission check runs no job and is replaced, the XID 79 job resumes from its checkpoint on
 * a new node, no healthy node is drained, the idle job is flagged, and the books show the faulty
 * and the wasted dollars.
 */
@Tag("slurm")
class GpuHealthDemoEndToEndTest {
  @TempDir Path dir;

  @Test
  void theGpuHealthDemoReplacesTheBadNodesKeepsTheWorkAndBooksTheLoss() throws Exception {
    JsonNode summary = DemoProcess.demo(dir, "--scenario", "gpu-health");

    assertThat(summary.get("jobs_completed").asInt())
        .isEqualTo(summary.get("jobs_submitted").asInt());
    assertThat(summary.get("nodes_failed_admission").asInt()).isGreaterThanOrEqualTo(1);
    assertThat(summary.get("jobs_on_failed_nodes").asInt()).isZero();
    assertThat(summary.get("faults_injected").asInt()).isEqualTo(1);
    assertThat(summary.get("jobs_requeued_after_fault").asInt()).isGreaterThanOrEqualTo(1);
    assertThat(summary.get("max_steps_lost").asInt())
        .isLessThanOrEqualTo(summary.get("checkpoint_interval_steps").asInt());
    assertThat(summary.get("healthy_nodes_drained").asInt()).isZero();
    assertThat(summary.get("idle_jobs_flagged").asInt()).isEqualTo(1);
    assertThat(summary.get("faulty_usd").decimalValue())
        .isPositive()
        .isLessThan(summary.get("nominal_cost_usd").decimalValue());
    assertThat(summary.get("waste_usd").decimalValue()).isPositive();
    assertThat(summary.get("instances_left").asInt()).isZero();
  }
}
