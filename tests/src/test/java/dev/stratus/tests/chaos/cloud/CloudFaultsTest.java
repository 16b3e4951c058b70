package dev.stratus.tests.chaos.cloud;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.Timeouts;
import dev.stratus.provider.aws.AwsHarness;
import dev.stratus.provider.azure.AzureFixture;
import dev.stratus.provider.gcp.GcpTestProviders;
import dev.stratus.testkit.CloudChaos;
import dev.stratus.testkit.aws.Ec2ModelServer;
import dev.stratus.testkit.gcp.GceServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Cloud faults at 20%: each cloud model's server fails one request in five (server errors,
 * throttles, resets, replies lost or late after the call took effect, capacity errors on launches)
 * while two waves of jobs run through the real controller with the real provider and SDK. Every job
 * must get all its nodes by the deadline (a job requeued after a failed launch gets them on its
 * next try; Azure's deadline is longer: {@link #ARM_DEADLINE}), no node may ever have two live
 * instances launched for one job, and once the jobs are done GC must leave the cloud holding
 * nothing of the cluster, faults still on. The figures, how fast it converged among them, are
 * recorded in reliability.json.
 */
@Execution(ExecutionMode.CONCURRENT) // three clouds, three models: they wait, side by side
class CloudFaultsTest {
  static final double RATE = 0.2;
  static final long SEED = 20261125;
  static final int WAVES = 2;
  static final Timeouts TIMEOUTS =
      new Timeouts(
          Duration.ofSeconds(1),
          Duration.ofSeconds(45),
          Duration.ofSeconds(3),
          Duration.ofSeconds(2),
          Duration.ofSeconds(3),
          Duration.ofSeconds(6),
          Duration.ofSeconds(6),
          // a listing is several pages: it outlives one late page (7 s), as launches do not
          Duration.ofSeconds(12));

  @TempDir Path stateDir;

  /** A live instance as the model holds it: the node and job it was launched for. */
  record Live(String node, String id, String job) {}

  /** One cloud under test: its provider, its chaos and the model's own view of live instances. */
  record Cloud(
      String name,
      NodeProvider provider,
      CloudChaos chaos,
      Supplier<List<Live>> live,
      Supplier<Integer> present) {}

  @Test
  void aBurstOnAwsConvergesThroughFaults() throws Exception {
    try (Ec2ModelServer ec2 = new Ec2ModelServer()) {
      NodeProvider aws = AwsHarness.forController(ec2, stateDir);
      converges(
          EC2_DEADLINE,
          new Cloud(
              "aws",
              aws,
              ec2.chaos(),
              () ->
                  ec2.model().liveInstanceIds().stream()
                      .map(
                          id -> {
                            Map<String, String> tags = ec2.model().tagsOf(id);
                            return new Live(tags.get(Tags.NODE), id, tags.get(Tags.JOB));
                          })
                      .toList(),
              () -> ec2.model().liveInstanceIds().size()));
    }
  }

  @Test
  void aBurstOnGcpConvergesThroughFaults() throws Exception {
    try (GceServer gce = new GceServer()) {
      converges(
          GCE_DEADLINE,
          new Cloud(
              "gcp",
              GcpTestProviders.create(gce, false),
              gce.chaos(),
              // a node's instance is named <node>-<6 hex>: bulk inserts cannot label each one
              () ->
                  gceInstances(gce).stream()
                      .map(
                          i ->
                              new Live(
                                  i.path("name").asText().replaceFirst("-[0-9a-f]{6}$", ""),
                                  i.path("name").asText(),
                                  i.path("labels").path("stratus-job").asText()))
                      .toList(),
              () -> gceInstances(gce).size()));
    }
  }

  @Test
  void aBurstOnAzureConvergesThroughFaults() throws Exception {
    try (AzureFixture arm = new AzureFixture()) {
      arm.model.retryAfterSeconds(0); // operations polled at the provider's own 20 ms
      converges(
          ARM_DEADLINE,
          new Cloud(
              "azure",
              arm.provider("test"),
              arm.server.chaos(),
              () ->
                  arm.model.vms().stream()
                      .map(
                          v ->
                              new Live(
                                  v.path("tags").path(Tags.NODE).asText(),
                                  v.path("name").asText(),
                                  v.path("tags").path(Tags.JOB).asText()))
                      .toList(),
              () -> arm.model.vms().size()));
    }
  }

  static List<ObjectNode> gceInstances(GceServer gce) {
    return Stream.of(GceServer.ZONE, GceServer.OTHER_ZONE)
        .flatMap(z -> gce.model.instances(z).stream())
        .filter(i -> !i.path("status").asText().equals("TERMINATED"))
        .toList();
  }

  /**
   * How long every job may take to get all its nodes. Azure's is longer: a VM launch is several ARM
   * calls (PUT, operation polls, final GET), any of which a 7 s late reply makes outlast the 6 s
   * launch limit, so its launches are replayed far more often than EC2's one CreateFleet or GCE's
   * one bulkInsert, and multi-page listings abandoned at 12 s hold the suspends back. Measured
   * (README, "Reliability"): every job had run by 52–76 s, and two jobs were still being replayed
   * at 90 s in 1 of 4 runs.
   */
  static final Duration EC2_DEADLINE = Duration.ofSeconds(90);

  static final Duration GCE_DEADLINE = Duration.ofSeconds(90);
  static final Duration ARM_DEADLINE = Duration.ofSeconds(150);

  void converges(Duration deadline, Cloud cloud) throws Exception {
    Offering h100 =
        cloud.provider().offerings().stream()
            .filter(o -> o.gpuModel().equals("h100") && o.gpusPerNode() == 8)
            .findFirst()
            .orElseThrow();
    Pool pool = new Pool("gpu", "gpu", "h100", 8, 96, 1_000_000, 16, List.of(h100));
    BurstRun run = new BurstRun(cloud, pool, TIMEOUTS);
    cloud.chaos().rate(RATE, SEED).lateMillis(7000);
    BurstRun.Result r = run.burst(List.of(1, 2, 1, 2, 1, 1, 2, 1), WAVES, deadline);
    r.record();

    assertThat(r.jobsStuck()).as("jobs still waiting for their nodes at the deadline").isEmpty();
    assertThat(r.jobsRun()).as("jobs that got all their nodes").isEqualTo(r.jobs());
    assertThat(r.duplicated()).as("nodes with two live instances for one job").isZero();
    assertThat(r.leaked()).as("instances left after the burst and GC").isZero();
    // Which kinds the seeded draw hits depends on how many calls the run made (timing), so only
    // that several kinds were injected is asserted; each count is recorded.
    assertThat(r.byKind()).as("kinds of faults injected").hasSizeGreaterThanOrEqualTo(3);
  }
}
