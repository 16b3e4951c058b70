package dev.stratus.tests.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerParts;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.provider.aws.AwsHarness;
import dev.stratus.provider.azure.AzureFixture;
import dev.stratus.provider.gcp.GcpTestProviders;
import dev.stratus.testkit.aws.Ec2ModelServer;
import dev.stratus.testkit.gcp.GceServer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three cloud models at once, each driven by its real SDK: one H100 pool whose offerings span
 * AWS, GCP and Azure. The cheapest (GCP spot) has no capacity; a 2-node job must land all or
 * nothing on one other cloud and zone, and nothing may be left on the first.
 */
class MultiCloudLaunchTest {
  @TempDir Path stateDir;
  final Ec2ModelServer ec2 = new Ec2ModelServer();
  final GceServer gce = new GceServer();
  final AzureFixture arm = new AzureFixture();

  @AfterEach
  void stop() {
    ec2.close();
    gce.close();
    arm.close();
  }

  NodeProvider awsProvider() {
    return AwsHarness.forController(ec2, stateDir);
  }

  /** A spool with one resume request: job 7 on {@code nodes}. */
  static InMemoryRequests resumeOfJob7(String... nodes) {
    InMemoryRequests spool = new InMemoryRequests();
    spool.add(
        new SpoolRequest(
            "r1",
            HookKind.RESUME,
            List.of(nodes),
            List.of(new ResumeFile.JobNodes(7, String.join(",", nodes))),
            Clock.systemUTC().instant()));
    return spool;
  }

  static List<Offering> h100x8(NodeProvider provider) {
    return provider.offerings().stream()
        .filter(o -> o.gpuModel().equals("h100") && o.gpusPerNode() == 8)
        .toList();
  }

  @Test
  void twoNodeJobSkipsTheExhaustedCheapestCloudAndLandsWholeOnTheNextCheapest() {
    NodeProvider aws = awsProvider();
    NodeProvider gcp = GcpTestProviders.create(gce, true);
    NodeProvider azure = arm.provider("test");
    List<Offering> h100 = new ArrayList<>();
    Stream.of(aws, gcp, azure).map(MultiCloudLaunchTest::h100x8).forEach(h100::addAll);
    Offering cheapest =
        h100.stream().min((a, b) -> a.pricePerHour().compareTo(b.pricePerHour())).orElseThrow();
    assertThat(cheapest.provider()).isEqualTo("gcp");
    gce.model.exhaust(cheapest.key().zone(), cheapest.key().instanceType(), true);

    Pool pool = new Pool("gpu", "gpu", "h100", 8, 96, 1_000_000, 4, h100);
    FakeSlurm slurm = new FakeSlurm();
    slurm.cloudNodes(pool.nodeNames());
    slurm.poweringUp("gpu-001");
    slurm.poweringUp("gpu-002");
    InMemoryRequests spool = resumeOfJob7("gpu-001", "gpu-002");
    Controller controller =
        new Controller(
            ControllerParts.builder(
                    Fixtures.config(List.of(pool), "aws", "gcp", "azure"),
                    slurm,
                    Map.of("aws", aws, "gcp", gcp, "azure", azure),
                    spool,
                    Clock.systemUTC())
                .credentials(NodeCredentials.NONE)
                .build());

    // The first pass starts the launch; a pass after it has ended acknowledges the request.
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              controller.runPass();
              return spool.pending().isEmpty();
            });
    controller.close();

    List<Instance> launched = new ArrayList<>();
    Stream.of(aws, gcp, azure).forEach(p -> launched.addAll(p.list("test")));
    Offering nextCheapest =
        h100.stream()
            .filter(o -> !o.provider().equals("gcp"))
            .min((a, b) -> a.pricePerHour().compareTo(b.pricePerHour()))
            .orElseThrow();
    assertThat(launched).hasSize(2);
    assertThat(launched).extracting(Instance::offering).containsOnly(nextCheapest.key());
    assertThat(launched)
        .extracting(i -> i.tags().get(Tags.NODE))
        .containsExactlyInAnyOrder("gpu-001", "gpu-002");
    assertThat(launched).allMatch(i -> "7".equals(i.tags().get(Tags.JOB)));
    assertThat(gcp.list("test")).isEmpty();
    assertThat(gce.model.instances(cheapest.key().zone())).isEmpty();
    assertThat(controller.unavailable().current()).containsExactly(cheapest.key());
    assertThat(spool.pending()).isEmpty();
  }

  @Test
  void aJobSlurmGaveNodesOfAnAwsAndAnAzurePoolIsSetDownAndLaunchesOnNeitherCloud() {
    NodeProvider aws = awsProvider();
    NodeProvider azure = arm.provider("test");
    Pool awsH100 = new Pool("aws-h100", "h100", "h100", 8, 96, 1_000_000, 4, h100x8(aws));
    Pool azureH100 = new Pool("azure-h100", "h100", "h100", 8, 96, 1_000_000, 2, h100x8(azure));
    FakeSlurm slurm = new FakeSlurm();
    slurm.cloudNodes(
        Stream.concat(awsH100.nodeNames().stream(), azureH100.nodeNames().stream()).toList());
    slurm.poweringUp("aws-h100-001");
    slurm.poweringUp("azure-h100-001");
    InMemoryRequests spool = resumeOfJob7("aws-h100-001", "azure-h100-001");
    Controller controller =
        new Controller(
            ControllerParts.builder(
                    Fixtures.config(List.of(awsH100, azureH100), "aws", "azure"),
                    slurm,
                    Map.of("aws", aws, "azure", azure),
                    spool,
                    Clock.systemUTC())
                .credentials(NodeCredentials.NONE)
                .build());

    controller.runPass();

    assertThat(aws.list("test")).isEmpty();
    assertThat(azure.list("test")).isEmpty();
    for (String node : List.of("aws-h100-001", "azure-h100-001")) {
      assertThat(slurm.node(node).down()).isTrue();
      assertThat(slurm.node(node).reason())
          .contains("job 7 got nodes of pools aws-h100, azure-h100")
          .contains("cannot launch together in one provider and zone");
    }
  }
}
