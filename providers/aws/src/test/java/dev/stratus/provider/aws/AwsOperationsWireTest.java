package dev.stratus.provider.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.PlacementAware;
import dev.stratus.api.spi.ProviderCheck;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.api.spi.SweepsOwnResources;
import dev.stratus.testkit.aws.QueryParams;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Placement groups, pages, errors raised as HTTP errors, topology and the dry-run check. */
class AwsOperationsWireTest {
  @TempDir Path dir;
  AwsHarness harness;

  @BeforeEach
  void open() {
    harness = new AwsHarness(dir);
  }

  @AfterEach
  void close() {
    harness.close();
  }

  private LaunchResult launch(int nodes) {
    return harness
        .provider()
        .launch(harness.request(UUID.randomUUID().toString(), harness.nodeNames(nodes), true));
  }

  private SweepsOwnResources sweeper() {
    return (SweepsOwnResources) harness.provider();
  }

  @Test
  void aMultiNodeLaunchGoesIntoItsOwnClusterPlacementGroupWhichTheSweepDeletesOnceItIsEmpty() {
    String token = UUID.randomUUID().toString();
    LaunchResult result =
        harness.provider().launch(harness.request(token, harness.nodeNames(2), true));
    String group = "stratus-" + harness.cluster() + "-" + token;

    assertThat(harness.model().requests("CreatePlacementGroup").get(0).values())
        .containsEntry("GroupName", group)
        .containsEntry("Strategy", "cluster");
    for (Instance i : result.launched()) {
      assertThat(harness.model().groupOf(i.id())).hasValue(group);
    }
    sweeper().sweep(harness.cluster(), harness.provider().list(harness.cluster()));
    assertThat(harness.model().placementGroups()).containsExactly(group);

    harness.provider().terminate(result.launched().stream().map(Instance::id).toList());
    sweeper().sweep(harness.cluster(), harness.provider().list(harness.cluster()));

    assertThat(harness.model().placementGroups()).isEmpty();
  }

  @Test
  void listingChangesNothingEvenWhenAGroupIsLeftEmpty() {
    LaunchResult result = launch(2);
    harness.provider().terminate(result.launched().stream().map(Instance::id).toList());

    harness.provider().list(harness.cluster());

    assertThat(harness.model().placementGroups()).hasSize(1);
    assertThat(harness.model().requests("DeletePlacementGroup")).isEmpty();
  }

  @Test
  void theSweepLeavesOtherClustersGroupsAndGroupsWithoutOurTagAlone() {
    harness.model().groups.put("stratus-other-1", Map.of(Tags.CLUSTER, "other"));
    harness.model().groups.put("hpc-team", Map.of("team", "hpc"));

    sweeper().sweep(harness.cluster(), List.of());

    assertThat(harness.model().placementGroups())
        .containsExactlyInAnyOrder("stratus-other-1", "hpc-team");
    assertThat(harness.model().requests("DeletePlacementGroup")).isEmpty();
  }

  @Test
  void aGroupALaunchFilledAfterTheLiveListIsKeptByTheSweepThatFollows() {
    List<Instance> listedBefore = harness.provider().list(harness.cluster());
    LaunchResult result = launch(2);

    sweeper().sweep(harness.cluster(), listedBefore);

    assertThat(harness.model().placementGroups()).hasSize(1);
    assertThat(harness.model().requests("DeletePlacementGroup")).isEmpty();
    sweeper().sweep(harness.cluster(), harness.provider().list(harness.cluster()));
    assertThat(harness.model().placementGroups()).hasSize(1);
    harness.provider().terminate(result.launched().stream().map(Instance::id).toList());
    sweeper().sweep(harness.cluster(), harness.provider().list(harness.cluster()));
    assertThat(harness.model().placementGroups()).isEmpty();
  }

  @Test
  void aSingleNodeLaunchUsesNoPlacementGroup() {
    launch(1);

    assertThat(harness.model().requests("CreatePlacementGroup")).isEmpty();
    assertThat(harness.model().requests("CreateFleet").get(0).values())
        .doesNotContainKey("LaunchTemplateConfigs.1.Overrides.1.Placement.GroupName");
  }

  @Test
  void aLaunchThatGotNoInstanceDeletesItsPlacementGroupAtOnce() {
    harness.exhaust(harness.offering().key());

    LaunchResult result = launch(3);

    assertThat(result.launched()).isEmpty();
    assertThat(harness.model().requests("DeletePlacementGroup")).hasSize(1);
    assertThat(harness.model().placementGroups()).isEmpty();
  }

  @Test
  void listFollowsNextTokenThroughEveryPage() {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      launch(3).launched().forEach(x -> ids.add(x.id()));
    }

    List<Instance> listed = harness.provider().list(harness.cluster());

    assertThat(listed).extracting(Instance::id).containsExactlyInAnyOrderElementsOf(ids);
    // each launch asked too, whether its fleet's instances live: by instance-id, one page
    List<QueryParams> pages =
        harness.model().requests("DescribeInstances").stream()
            .filter(q -> !q.get("Filter.1.Name").orElse("").equals("instance-id"))
            .toList();
    assertThat(pages).hasSize(3);
    assertThat(pages.get(0).values())
        .containsEntry("MaxResults", "5")
        .containsEntry("Filter.1.Name", "tag:" + Tags.CLUSTER)
        .containsEntry("Filter.1.Value.1", harness.cluster())
        .containsEntry("Filter.2.Name", "instance-state-name");
    assertThat(pages.get(2).get("NextToken")).isPresent();
  }

  @Test
  void listedInstancesCarryZoneSpotMarketAddressAndRunningState() {
    launch(1);

    Instance listed = harness.provider().list(harness.cluster()).get(0);

    assertThat(listed.offering()).isEqualTo(harness.offering().key());
    assertThat(listed.address()).startsWith("10.0.");
    assertThat(listed.state()).isEqualTo(InstanceState.RUNNING);
  }

  @Test
  void terminatingKnownAndUnknownIdsTogetherTerminatesTheKnownOnes() {
    String id = launch(1).launched().get(0).id();

    harness.provider().terminate(List.of("i-0000000000000dead", id, "not-an-id"));

    assertThat(harness.model().liveInstanceIds()).isEmpty();
  }

  @Test
  void capacityQuotaAndAuthErrorsRaisedAsHttpErrorsBecomeFailureDataWithEc2sCode() {
    harness.server().failNextCall(500, "InsufficientInstanceCapacity", "no p5 today");
    LaunchResult capacity = launch(1);
    harness
        .server()
        .failNextCall(400, "VcpuLimitExceeded", "You have requested more vCPU capacity");
    LaunchResult quota = launch(1);
    harness
        .server()
        .failNextCall(
            401, "AuthFailure", "AWS was not able to validate the provided access credentials");
    int before = harness.model().requests().size();
    LaunchResult auth = launch(1);

    assertThat(capacity.failures().get(0).error())
        .isEqualTo(
            new ProviderError.InsufficientCapacity("InsufficientInstanceCapacity", "no p5 today"));
    assertThat(quota.failures().get(0).error()).isInstanceOf(ProviderError.QuotaExceeded.class);
    assertThat(auth.failures().get(0).error()).isInstanceOf(ProviderError.Unauthorized.class);
    assertThat(harness.model().requests().size() - before)
        .as("auth errors are not retried")
        .isEqualTo(1);
    assertThat(harness.model().liveInstanceIds()).isEmpty();
  }

  @Test
  void throttlingThatOutlastsTheRetriesSurfacesAsThrottled() {
    harness.throttleNextCalls(50);

    assertThatThrownBy(() -> harness.provider().list(harness.cluster()))
        .isInstanceOfSatisfying(
            ProviderException.class,
            e -> assertThat(e.error()).isInstanceOf(ProviderError.Throttled.class));
  }

  @Test
  void placementGivesEachInstanceItsThreeNetworkNodesFromTheTop() {
    List<Instance> launched = launch(3).launched();

    Map<String, List<String>> paths = ((PlacementAware) harness.provider()).placement(launched);

    assertThat(paths).containsOnlyKeys(launched.stream().map(Instance::id).toList());
    assertThat(paths.values()).allSatisfy(p -> assertThat(p).hasSize(3));
    assertThat(paths.values().stream().map(p -> p.get(0)).distinct()).hasSize(1);
  }

  @Test
  void checkAsksEveryPermissionWithDryRunAndLaunchesNothing() {
    List<ProviderCheck.Result> report = ((ProviderCheck) harness.provider()).check();

    assertThat(report)
        .allSatisfy(r -> assertThat(r.ok()).as(r.what() + ": " + r.detail()).isTrue());
    assertThat(report)
        .extracting(ProviderCheck.Result::what)
        .anyMatch(w -> w.startsWith("ec2:CreateFleet"));
    assertThat(harness.model().requests())
        .allSatisfy(q -> assertThat(q.get("DryRun")).hasValue("true"));
    assertThat(harness.model().liveInstanceIds()).isEmpty();
  }

  @Test
  void checkNamesTheMissingPermission() {
    harness
        .server()
        .failNextCall(
            403, "UnauthorizedOperation", "You are not authorized to perform this operation.");

    List<ProviderCheck.Result> report = ((ProviderCheck) harness.provider()).check();

    assertThat(report.get(0).ok()).isFalse();
    assertThat(report.get(0).detail())
        .contains("UnauthorizedOperation", "grant ec2:DescribeInstances");
    assertThat(report.subList(1, report.size())).allSatisfy(r -> assertThat(r.ok()).isTrue());
  }
}
