package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.tests.support.DemoProcess;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./stratus demo --scenario spot --json} as a user runs it, on the default Slurm: two spot
 * nodes reclaimed, every job completes losing at most one checkpoint interval, nothing left.
 */
@Tag("slurm")
class SpotDemoEndToEndTest {
  @TempDir Path dir;

  @Test
  void theSpotDemoReclaimsTwoNodesAndEveryJobCompletesWithinOneCheckpointInterval()
      throws Exception {
    JsonNode summary = DemoProcess.demo(dir, "--scenario", "spot");

    assertThat(summary.get("jobs_submitted").asInt()).isEqualTo(4);
    assertThat(summary.get("jobs_completed").asInt()).isEqualTo(4);
    assertThat(summary.get("reclaims").asInt()).isEqualTo(2);
    assertThat(summary.get("requeues").asInt()).isGreaterThanOrEqualTo(2);
    assertThat(summary.get("max_steps_lost").asInt())
        .isLessThanOrEqualTo(summary.get("checkpoint_interval_steps").asInt());
    assertThat(summary.get("instances_left").asInt()).isZero();
    assertThat(summary.get("namespaces_left").asInt()).isZero();
  }
}
