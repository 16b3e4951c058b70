package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.tests.support.DemoProcess;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's main command as a user runs it: {@code ./stratus demo --json} (the built
 * distribution, in a process of its own) on the real Slurm of this machine (both versions). It must
 * exit 0 and end with one JSON line that says every job completed and nothing was left. The other
 * scenarios have a test each: {@link SpotDemoEndToEndTest}, {@link GpuHealthDemoEndToEndTest},
 * {@link BudgetDemoEndToEndTest}.
 */
@Tag("slurm")
class DemoEndToEndTest {
  @TempDir Path dir;

  @Test
  void theBasicDemoCompletesEveryJobAndLeavesNoInstanceNamespaceOrBridge() throws Exception {
    JsonNode summary = demo();

    assertThat(summary.get("jobs_submitted").asInt()).isPositive();
    assertThat(summary.get("jobs_completed").asInt())
        .isEqualTo(summary.get("jobs_submitted").asInt());
    assertThat(summary.get("nodes_launched").asInt()).isGreaterThanOrEqualTo(2);
    assertThat(summary.get("instances_left").asInt()).isZero();
    assertThat(summary.get("namespaces_left").asInt()).isZero();
  }

  JsonNode demo(String... args) throws Exception {
    return DemoProcess.demo(dir, args);
  }
}
