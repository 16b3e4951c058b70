package dev.stratus.provider.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.testkit.aws.QueryParams;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the AWS provider sends to EC2 when it launches, read back from the model's request log. */
class AwsLaunchWireTest {
  @TempDir Path dir;
  AwsHarness harness;

  @AfterEach
  void close() {
    harness.close();
  }

  private LaunchRequest request(List<String> nodes, boolean allOrNothing) {
    String token = UUID.randomUUID().toString();
    return new LaunchRequest(
        harness.cluster(),
        "gpu",
        harness.offering(),
        nodes,
        token,
        Map.of(
            Tags.CLUSTER, harness.cluster(), Tags.POOL, "gpu", Tags.TOKEN, token, Tags.JOB, "42"),
        allOrNothing);
  }

  @Test
  void spotLaunchIsOneInstantFleetWithMinTargetCapacityOverTheZonesSubnetsTaggedAtLaunch() {
    harness = new AwsHarness(dir);
    LaunchRequest request = request(List.of("gpu-001", "gpu-002"), true);

    harness.provider().launch(request);

    QueryParams fleet = harness.model().requests("CreateFleet").get(0);
    assertThat(fleet.values())
        .containsEntry("Type", "instant")
        .containsEntry("ClientToken", request.clientToken())
        .containsEntry("TargetCapacitySpecification.TotalTargetCapacity", "2")
        .containsEntry("TargetCapacitySpecification.DefaultTargetCapacityType", "spot")
        .containsEntry("SpotOptions.AllocationStrategy", "price-capacity-optimized")
        .containsEntry("SpotOptions.MinTargetCapacity", "2")
        .containsEntry("SpotOptions.SingleInstanceType", "true")
        .containsEntry("SpotOptions.SingleAvailabilityZone", "true")
        .containsEntry(
            "LaunchTemplateConfigs.1.LaunchTemplateSpecification.LaunchTemplateId",
            "lt-0123456789abcdef0")
        .containsEntry("LaunchTemplateConfigs.1.LaunchTemplateSpecification.Version", "$Default")
        .containsEntry("LaunchTemplateConfigs.1.Overrides.1.SubnetId", "subnet-0a1")
        .containsEntry("LaunchTemplateConfigs.1.Overrides.2.SubnetId", "subnet-0a2")
        .containsEntry("LaunchTemplateConfigs.1.Overrides.1.InstanceType", "p5.48xlarge")
        .containsEntry("TagSpecification.1.ResourceType", "instance")
        .doesNotContainKey("OnDemandOptions.MinTargetCapacity");
    assertThat(fleet.tags("TagSpecification.1.Tag")).isEqualTo(request.tags());
  }

  @Test
  void onDemandLaunchThatIsNotAllOrNothingAsksForNoMinimum() {
    harness =
        new AwsHarness(
            dir,
            Map.of(
                "offerings",
                List.of(
                    Map.of(
                        "instanceType",
                        "p4d.24xlarge",
                        "zone",
                        "us-east-1b",
                        "capacityType",
                        "on-demand"))));

    LaunchResult result = harness.provider().launch(request(List.of("gpu-001"), false));

    assertThat(result.complete()).isTrue();
    QueryParams fleet = harness.model().requests("CreateFleet").get(0);
    assertThat(fleet.values())
        .containsEntry("TargetCapacitySpecification.DefaultTargetCapacityType", "on-demand")
        .containsEntry("LaunchTemplateConfigs.1.Overrides.1.SubnetId", "subnet-0b1")
        .doesNotContainKey("LaunchTemplateConfigs.1.Overrides.2.SubnetId")
        .doesNotContainKey("OnDemandOptions.MinTargetCapacity")
        .doesNotContainKeys("SpotOptions.AllocationStrategy");
    assertThat(result.launched().get(0).offering()).isEqualTo(harness.offering().key());
  }

  @Test
  void eachInstanceGetsItsNodeAndNameTagsAfterTheFleetAndListShowsThem() {
    harness = new AwsHarness(dir);
    LaunchRequest request = request(List.of("gpu-001", "gpu-002"), true);

    LaunchResult result = harness.provider().launch(request);

    for (var i : result.launched()) {
      String node = i.nodeName().orElseThrow();
      assertThat(harness.model().tagsOf(i.id()))
          .containsAllEntriesOf(request.tagsFor(node))
          .containsEntry("Name", node);
    }
    assertThat(harness.provider().list(harness.cluster()))
        .extracting(i -> i.tags().get(Tags.NODE))
        .containsExactlyInAnyOrder("gpu-001", "gpu-002");
  }

  @Test
  void aRepeatedClientTokenStartsNoSecondFleet() {
    harness = new AwsHarness(dir);
    LaunchRequest request = request(List.of("gpu-001", "gpu-002"), true);

    LaunchResult first = harness.provider().launch(request);
    LaunchResult second = harness.provider().launch(request);

    assertThat(harness.model().requests("CreateFleet")).hasSize(2);
    assertThat(harness.model().liveInstanceIds()).hasSize(2);
    assertThat(second.launched())
        .extracting(i -> i.id() + "=" + i.nodeName().orElseThrow())
        .containsExactlyInAnyOrderElementsOf(
            first.launched().stream().map(i -> i.id() + "=" + i.nodeName().orElseThrow()).toList());
  }

  @Test
  void userDataFromTheSettingsTravelsBase64EncodedWithTheLaunchTemplate() throws Exception {
    Path file = dir.resolve("user-data.yaml");
    Files.writeString(file, "#cloud-config\nruncmd: [echo hi]\n");
    harness = new AwsHarness(dir, Map.of("userDataFile", file.toString()));

    LaunchResult result = harness.provider().launch(request(List.of("gpu-001"), true));

    String sent = harness.model().userDataOf(result.launched().get(0).id()).orElseThrow();
    assertThat(new String(Base64.getDecoder().decode(sent), StandardCharsets.UTF_8))
        .isEqualTo("#cloud-config\nruncmd: [echo hi]\n");
  }

  @Test
  void aFleetErrorItemKeepsEc2sCodeAndMessage() {
    harness = new AwsHarness(dir);
    harness.exhaust(harness.offering().key());

    LaunchResult result = harness.provider().launch(request(List.of("gpu-001"), false));

    ProviderError error = result.failures().get(0).error();
    assertThat(error).isInstanceOf(ProviderError.InsufficientCapacity.class);
    assertThat(error.code()).isEqualTo("InsufficientInstanceCapacity");
    assertThat(error.message()).contains("p5.48xlarge", "us-east-1a");
  }

  @Test
  void aCapacityShortfallWithoutMinimumKeepsWhatCameAndFailsTheRest() {
    harness = new AwsHarness(dir);
    harness.model().limit(AwsHarness.pool(harness.offering().key()), 2);

    LaunchResult result =
        harness.provider().launch(request(List.of("gpu-001", "gpu-002", "gpu-003"), false));

    assertThat(result.launchedNodeNames()).containsExactlyInAnyOrder("gpu-001", "gpu-002");
    assertThat(result.failures())
        .singleElement()
        .satisfies(f -> assertThat(f.nodeNames()).containsExactly("gpu-003"));
    assertThat(harness.model().liveInstanceIds()).hasSize(2);
  }
}
