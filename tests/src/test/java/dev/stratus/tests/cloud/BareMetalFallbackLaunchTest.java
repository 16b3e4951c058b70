package dev.stratus.tests.cloud;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.Tags;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerParts;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.provider.aws.AwsHarness;
import dev.stratus.provider.aws.AwsNodeProviderFactory;
import dev.stratus.provider.lambda.LambdaHarness;
import dev.stratus.provider.oci.OciHarness;
import dev.stratus.testkit.aws.Ec2ModelServer;
import dev.stratus.testkit.oci.OciModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OCI bare metal, AWS and Lambda in one partition, each on its own SDK or client against its model:
 * one pool of 8 x H100 nodes whose cheapest offering is an OCI BM.GPU.H100.8 (at a negotiated
 * price), then AWS p5 spot, then Lambda. When OCI is out of host capacity, a 2-node job lands whole
 * on the next cloud, nothing stays at OCI, and the OCI offering is marked unavailable.
 */
class BareMetalFallbackLaunchTest {
  @TempDir Path dir;
  final Ec2ModelServer ec2 = new Ec2ModelServer();
  OciHarness oci;
  LambdaHarness lambda;
  NodeProvider aws;
  List<Offering> h100;

  @BeforeEach
  void open() throws Exception {
    Files.createDirectories(dir.resolve("oci"));
    Files.createDirectories(dir.resolve("lambda"));
    oci =
        new OciHarness(
            dir.resolve("oci"),
            Map.of(
                "offerings",
                List.of(
                    Map.of(
                        "shape",
                        "BM.GPU.H100.8",
                        "availabilityDomain",
                        OciHarness.AD,
                        "pricePerHour",
                        20.0))),
            Clock.systemUTC());
    lambda = new LambdaHarness(dir.resolve("lambda"));
    ec2.model()
        .subnet("subnet-0a1", AwsHarness.ZONE)
        .subnet("subnet-0a2", AwsHarness.ZONE)
        .subnet("subnet-0b1", "us-east-1b");
    aws =
        new AwsNodeProviderFactory()
            .create(
                new ProviderContext(
                    "test",
                    awsOnDemand(),
                    dir,
                    new BootstrapSettings(
                        dir.resolve("slurm.conf"), dir, dir.resolve("k"), dir.resolve("s")),
                    Clock.systemUTC()),
                ResilienceSettings.fast());
    h100 = new ArrayList<>();
    Stream.of(oci.provider(), aws, lambda.provider())
        .flatMap(p -> p.offerings().stream())
        .filter(o -> o.gpuModel().equals("h100") && o.gpusPerNode() == 8)
        .sorted(Comparator.comparing(Offering::pricePerHour))
        .forEach(h100::add);
  }

  Map<String, Object> awsOnDemand() {
    Map<String, Object> settings = new HashMap<>(AwsHarness.defaults(ec2));
    settings.put(
        "offerings",
        List.of(
            Map.of(
                "instanceType",
                "p5.48xlarge",
                "zone",
                AwsHarness.ZONE,
                "capacityType",
                "on-demand")));
    return settings;
  }

  @AfterEach
  void close() {
    aws.close();
    ec2.close();
    oci.close();
    lambda.close();
  }

  /** One pass of a controller over the three providers for job 7 on gpu-001 and gpu-002. */
  Controller runJob() {
    Pool pool = new Pool("gpu", "gpu", "h100", 8, 96, 1_000_000, 4, h100);
    FakeSlurm slurm = new FakeSlurm();
    slurm.cloudNodes(pool.nodeNames());
    slurm.poweringUp("gpu-001");
    slurm.poweringUp("gpu-002");
    InMemoryRequests spool = new InMemoryRequests();
    spool.add(
        new SpoolRequest(
            "r1",
            HookKind.RESUME,
            List.of("gpu-001", "gpu-002"),
            List.of(new ResumeFile.JobNodes(7, "gpu-[001-002]")),
            Clock.systemUTC().instant()));
    Controller controller =
        new Controller(
            ControllerParts.builder(
                    Fixtures.config(List.of(pool), "oci", "aws", "lambda"),
                    slurm,
                    Map.of("oci", oci.provider(), "aws", aws, "lambda", lambda.provider()),
                    spool,
                    Clock.systemUTC())
                .credentials(NodeCredentials.NONE)
                .build());
    // The first pass starts the launch; a pass after it has ended acknowledges the request.
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              controller.runPass();
              return spool.pending().isEmpty();
            });
    return controller;
  }

  List<Instance> launched() {
    List<Instance> all = new ArrayList<>();
    Stream.of(oci.provider(), aws, lambda.provider()).forEach(p -> all.addAll(p.list("test")));
    return all;
  }

  @Test
  void theCheapestOfferingIsOciBareMetalAndAJobLandsThereWhenItHasHosts() {
    assertThat(h100).extracting(Offering::provider).containsExactly("oci", "lambda", "aws");

    runJob();

    assertThat(launched()).hasSize(2).extracting(Instance::provider).containsOnly("oci");
    assertThat(launched()).allMatch(i -> "7".equals(i.tags().get(Tags.JOB)));
  }

  @Test
  void aJobFallsBackWholeFromAnOciShapeOutOfHostCapacityToTheNextCloudInThePartition() {
    oci.exhaust(h100.get(0).key());

    Controller controller = runJob();

    assertThat(launched()).hasSize(2);
    assertThat(launched()).extracting(Instance::offering).containsOnly(h100.get(1).key());
    assertThat(launched())
        .extracting(i -> i.tags().get(Tags.NODE))
        .containsExactlyInAnyOrder("gpu-001", "gpu-002");
    assertThat(oci.model().liveIds()).isEmpty();
    assertThat(oci.server().calls()).contains("POST /instances");
    assertThat(controller.unavailable().current()).containsExactly(h100.get(0).key());
  }

  @Test
  void withOciAndLambdaBothOutOfCapacityTheJobLandsOnAws() {
    oci.exhaust(h100.get(0).key());
    lambda.exhaust(h100.get(1).key());

    Controller controller = runJob();

    assertThat(launched())
        .hasSize(2)
        .extracting(Instance::offering)
        .containsOnly(h100.get(2).key());
    assertThat(oci.model().liveIds()).isEmpty();
    assertThat(lambda.model().liveIds()).isEmpty();
    assertThat(ec2.model().liveInstanceIds()).hasSize(2);
    assertThat(controller.unavailable().current())
        .containsExactlyInAnyOrder(h100.get(0).key(), h100.get(1).key());
    assertThat(OciModel.ADS).contains(h100.get(0).key().zone());
  }
}
