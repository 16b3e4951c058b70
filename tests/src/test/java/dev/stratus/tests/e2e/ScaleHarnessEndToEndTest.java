package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.tests.scale.ScaleHarness;
import dev.stratus.tests.scale.ScaleReport;
import dev.stratus.tests.scale.ScaleSpec;
import dev.stratus.tests.support.E2eCluster;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The scale harness ({@code -Pbench-scale}) at a small size, as a check that it works: 128 CLOUD
 * nodes in four pools, 2,000 queued jobs of the mixed shapes, a burst of 32 nodes booting in 5 s
 * (small for CI's 40 minutes: 256 nodes and 5,000 jobs took 173 s on a loaded machine). Its figures
 * are not gated here (docs/measurements.md has the larger runs); its invariants are.
 */
@Tag("slurm")
class ScaleHarnessEndToEndTest {
  @Test
  void everyResumedNodeRegistersAndEveryBurstJobRuns() throws Exception {
    ScaleReport r =
        ScaleHarness.run(
            new ScaleSpec(128, 2_000, 32, Duration.ofSeconds(5), 3), E2eCluster.slurmUnderTest());

    assertThat(r.jobs()).isEqualTo(2_000);
    assertThat(r.burstNodes()).as("nodes slurmctld asked to resume").isEqualTo(32);
    assertThat(r.registeredNodes()).as("of those, registered").isEqualTo(r.burstNodes());
    assertThat(r.burstJobsRunning()).as("burst jobs RUNNING").isEqualTo(r.burstJobs());
    assertThat(r.burstSeconds()).isPositive();
    assertThat(r.lostRequests()).isZero();
    assertThat(r.nodesStuckPoweringUp()).isZero();
    assertThat(r.passes()).as("passes measured with the whole queue in").isEqualTo(3);
  }
}
