package dev.stratus.testkit.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.ec2.model.DescribeInstanceTopologyResponse;

/**
 * The EC2 model cannot drift kinder than EC2: every answer to the actions the AWS provider uses
 * (CreateFleet, DescribeInstances, TerminateInstances, CreateTags, DescribeSpotPriceHistory,
 * DescribeInstanceTopology, the placement group actions) and its errors, in every state the model
 * reaches, is checked element by element against EC2's service model ({@link Ec2ShapeCheck}).
 */
class Ec2AnswersFitTheServiceModelTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  final Ec2ServiceModel service = Ec2ServiceModel.installed();
  final Ec2ShapeCheck check = new Ec2ShapeCheck(service);
  final Ec2Model model =
      new Ec2Model(Clock.fixed(T0, ZoneOffset.UTC))
          .subnet("subnet-a", "us-east-1a")
          .subnet("subnet-b", "us-east-1b");

  /** The model's answer to {@code action} with {@code params} (name, value, ...), checked. */
  String call(String action, String... params) {
    String xml = model.handle(Ec2Queries.query(action, params)).body();
    assertThat(check.problems(action, xml)).as(xml).isEmpty();
    return xml;
  }

  String fleet(String market, int count, String type, String subnet, String group) {
    List<String> p =
        new ArrayList<>(
            List.of(
                "Type", "instant",
                "ClientToken", "token-" + market + count + type + group,
                "TargetCapacitySpecification.TotalTargetCapacity", String.valueOf(count),
                "TargetCapacitySpecification.DefaultTargetCapacityType", market,
                "LaunchTemplateConfigs.1.LaunchTemplateSpecification.LaunchTemplateName", "gpu",
                "LaunchTemplateConfigs.1.LaunchTemplateSpecification.Version", "$Latest",
                "LaunchTemplateConfigs.1.Overrides.1.InstanceType", type,
                "LaunchTemplateConfigs.1.Overrides.1.SubnetId", subnet,
                "TagSpecification.1.ResourceType", "instance",
                "TagSpecification.1.Tag.1.Key", "stratus:cluster",
                "TagSpecification.1.Tag.1.Value", "c1"));
    if (group != null) {
      p.addAll(List.of("LaunchTemplateConfigs.1.Overrides.1.Placement.GroupName", group));
    }
    return call("CreateFleet", p.toArray(String[]::new));
  }

  static List<String> ids(String xml) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("<item>(i-[0-9a-f]+)</item>").matcher(xml);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  @Test
  void fleetsThatLaunchAllSomeOrNoneFitCreateFleetResult() {
    model.limit(new Ec2Model.Pool("p4d.24xlarge", "us-east-1a", CapacityType.SPOT), 1);
    model.limits().unsupported("g5.xlarge", "us-east-1b");

    assertThat(ids(fleet("spot", 2, "p4d.24xlarge", "subnet-a", null))).hasSize(1);
    assertThat(ids(fleet("on-demand", 2, "g5.xlarge", "subnet-a", null))).hasSize(2);
    assertThat(fleet("on-demand", 1, "g5.xlarge", "subnet-b", null)).contains("Unsupported");
  }

  @Test
  void instancesInEveryStateWithPagesAndFiltersFitDescribeInstancesResult() {
    call("CreatePlacementGroup", "GroupName", "pg-1", "Strategy", "cluster");
    List<String> ids = ids(fleet("on-demand", 5, "p4d.24xlarge", "subnet-a", "pg-1"));
    ids.addAll(ids(fleet("spot", 2, "g5.xlarge", "subnet-b", null)));
    call("DescribeInstances"); // everything pending
    model.stop(ids.get(0));
    call("TerminateInstances", "InstanceId.1", ids.get(1));

    String page = call("DescribeInstances", "MaxResults", "5");
    String token = page.replaceAll("(?s).*<nextToken>([^<]+)</nextToken>.*", "$1");
    call("DescribeInstances", "MaxResults", "5", "NextToken", token);
    call(
        "DescribeInstances",
        "Filter.1.Name",
        "tag:stratus:cluster",
        "Filter.1.Value.1",
        "c1",
        "Filter.2.Name",
        "instance-state-name",
        "Filter.2.Value.1",
        "running",
        "Filter.2.Value.2",
        "stopped");
    assertThat(call("DescribeInstances", "InstanceId.1", ids.get(0), "InstanceId.2", ids.get(1)))
        .contains("<name>stopped</name>", "<name>terminated</name>");
  }

  @Test
  void terminatingAndTaggingFitTheirResults() {
    List<String> ids = ids(fleet("on-demand", 2, "g5.xlarge", "subnet-a", null));
    call(
        "CreateTags", "ResourceId.1", ids.get(0), "Tag.1.Key", "stratus:node", "Tag.1.Value", "n1");

    call("TerminateInstances", "InstanceId.1", ids.get(0), "InstanceId.2", ids.get(1));
    call("DescribeInstances");
    call("TerminateInstances", "InstanceId.1", ids.get(0)); // terminated already
  }

  @Test
  void placementGroupsFitTheirResultsFromCreationToDeletion() {
    call(
        "CreatePlacementGroup",
        "GroupName",
        "pg-2",
        "Strategy",
        "cluster",
        "TagSpecification.1.ResourceType",
        "placement-group",
        "TagSpecification.1.Tag.1.Key",
        "stratus:cluster",
        "TagSpecification.1.Tag.1.Value",
        "c1");
    call("DescribePlacementGroups");
    call(
        "DescribePlacementGroups",
        "Filter.1.Name",
        "tag:stratus:cluster",
        "Filter.1.Value.1",
        "c1");

    call("DeletePlacementGroup", "GroupName", "pg-2");
  }

  @Test
  void spotPriceHistoryPagesFitDescribeSpotPriceHistoryResult() {
    model
        .spotPrices()
        .change("p4d.24xlarge", "us-east-1a", "Linux/UNIX", "9.8304", T0.minusSeconds(7200))
        .change("p4d.24xlarge", "us-east-1a", "Linux/UNIX", "10.1", T0.minusSeconds(600))
        .change("p4d.24xlarge", "us-east-1b", "Linux/UNIX", "11", T0.minusSeconds(300));

    String first =
        call(
            "DescribeSpotPriceHistory",
            "InstanceType.1",
            "p4d.24xlarge",
            "ProductDescription.1",
            "Linux/UNIX",
            "StartTime",
            T0.minusSeconds(3600).toString(),
            "MaxResults",
            "2");
    String token = first.replaceAll("(?s).*<nextToken>([^<]+)</nextToken>.*", "$1");
    assertThat(call("DescribeSpotPriceHistory", "NextToken", token, "MaxResults", "2"))
        .contains("<nextToken></nextToken>");
  }

  /**
   * DescribeInstanceTopology came to EC2 in November 2023, after the botocore Debian 12 ships: its
   * answers are held to the AWS SDK's generated response type instead (what the provider reads them
   * with), and the check is shown to bite on a made-up member.
   */
  @Test
  void topologyFitsTheSdksDescribeInstanceTopologyResponse() {
    call("CreatePlacementGroup", "GroupName", "pg-3", "Strategy", "cluster");
    fleet("on-demand", 2, "p4d.24xlarge", "subnet-a", "pg-3");
    String xml =
        model
            .handle(QueryParams.parse("Action=DescribeInstanceTopology&Version=2016-11-15"))
            .body();
    Ec2SdkShapeCheck sdk = new Ec2SdkShapeCheck();

    assertThat(xml).contains("<networkNodeSet>");
    assertThat(sdk.problems(xml, DescribeInstanceTopologyResponse::builder)).as(xml).isEmpty();
    assertThat(
            sdk.problems(
                xml.replace(
                    "<networkNodeSet>", "<rackSet><item>r</item></rackSet><networkNodeSet>"),
                DescribeInstanceTopologyResponse::builder))
        .isNotEmpty()
        .allMatch(p -> p.endsWith("/rackSet: not a member of InstanceTopology"));
  }

  @Test
  void errorsFitEc2sErrorDocument() {
    call("DescribeInstances", "InstanceId.1", "i-0123456789abcdef0");
    call("DescribeInstances", "InstanceId.1", "not-an-id");
    call("DescribeInstances", "DryRun", "true");
    call("CreatePlacementGroup", "GroupName", "pg-4", "Strategy", "tight");
    call("DescribeInstances", "Filter.1.Name", "vpc-id", "Filter.1.Value.1", "vpc-1");
    call("RunInstances");
  }
}
