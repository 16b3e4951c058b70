package dev.stratus.testkit.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The check itself, on hand-made answers: it must catch what a drifting model would say. */
class Ec2ShapeCheckTest {
  final Ec2ShapeCheck check = new Ec2ShapeCheck(Ec2ServiceModel.installed());

  static String terminate(String item) {
    return "<TerminateInstancesResponse xmlns=\"http://ec2.amazonaws.com/doc/2016-11-15/\">"
        + "<requestId>r-1</requestId><instancesSet><item>"
        + item
        + "</item></instancesSet></TerminateInstancesResponse>";
  }

  static final String GOOD_ITEM =
      "<instanceId>i-0abc</instanceId>"
          + "<currentState><code>32</code><name>shutting-down</name></currentState>"
          + "<previousState><code>16</code><name>running</name></previousState>";

  @Test
  void anAnswerAsEc2WritesItHasNoProblem() {
    assertThat(check.problems("TerminateInstances", terminate(GOOD_ITEM))).isEmpty();
  }

  @Test
  void anElementTheShapeDoesNotHaveIsCaught() {
    assertThat(check.problems("TerminateInstances", terminate(GOOD_ITEM + "<reason>x</reason>")))
        .singleElement()
        .asString()
        .contains("instancesSet/item/reason", "InstanceStateChange has no member named reason");
  }

  @Test
  void aMemberNameSpelledAsTheSdkNotAsTheWireIsCaught() {
    assertThat(
            check.problems(
                "TerminateInstances", terminate(GOOD_ITEM.replace("instanceId", "InstanceId"))))
        .singleElement()
        .asString()
        .contains("no member named InstanceId");
  }

  @Test
  void aValueOfTheWrongTypeIsCaught() {
    assertThat(
            check.problems(
                "TerminateInstances", terminate(GOOD_ITEM.replace("<code>32<", "<code>32.0<"))))
        .singleElement()
        .asString()
        .contains("currentState/code", "'32.0' is not a integer");
  }

  @Test
  void aValueOutsideItsEnumIsCaught() {
    assertThat(
            check.problems(
                "TerminateInstances", terminate(GOOD_ITEM.replace("running", "Running"))))
        .singleElement()
        .asString()
        .contains("previousState/name", "'Running' is none of");
  }

  @Test
  void textWhereAStructureBelongsIsCaught() {
    String doc = terminate(GOOD_ITEM.replace("<currentState><code>", "<currentState>32<code>"));

    assertThat(check.problems("TerminateInstances", doc))
        .singleElement()
        .asString()
        .contains("currentState: text where a structure or list belongs");
  }

  @Test
  void aListWhoseElementsAreNotItemsIsCaught() {
    String doc =
        terminate(GOOD_ITEM)
            .replace("<instancesSet><item>", "<instancesSet><member>")
            .replace("</item></instancesSet>", "</member></instancesSet>");

    assertThat(check.problems("TerminateInstances", doc))
        .singleElement()
        .asString()
        .contains("instancesSet/member", "lists <item>");
  }

  @Test
  void aRepeatedMemberAndABadTimestampAreCaught() {
    String doc =
        "<DescribeSpotPriceHistoryResponse xmlns=\"http://ec2.amazonaws.com/doc/2016-11-15/\">"
            + "<requestId>r</requestId><spotPriceHistorySet><item>"
            + "<timestamp>yesterday</timestamp><spotPrice>1</spotPrice><spotPrice>2</spotPrice>"
            + "</item></spotPriceHistorySet></DescribeSpotPriceHistoryResponse>";

    assertThat(check.problems("DescribeSpotPriceHistory", doc))
        .hasSize(2)
        .anySatisfy(p -> assertThat(p).contains("timestamp: 'yesterday' is not a timestamp"))
        .anySatisfy(p -> assertThat(p).contains("spotPrice", "appears twice"));
  }

  @Test
  void anActionWithoutAnOutputShapeMayAnswerOnlyItsReturn() {
    String ok =
        "<CreateTagsResponse xmlns=\"http://ec2.amazonaws.com/doc/2016-11-15/\">"
            + "<requestId>r</requestId><return>true</return></CreateTagsResponse>";

    assertThat(check.problems("CreateTags", ok)).isEmpty();
    assertThat(check.problems("CreateTags", ok.replace("true", "yes"))).hasSize(1);
    assertThat(check.problems("CreateTags", ok.replace("<return>", "<tagSet/><return>")))
        .singleElement()
        .asString()
        .contains("CreateTags has no output shape");
  }

  @Test
  void anErrorMustBeEc2sErrorDocument() {
    String ok =
        "<Response><Errors><Error><Code>InvalidInstanceID.NotFound</Code><Message>m</Message>"
            + "</Error></Errors><RequestID>r</RequestID></Response>";

    assertThat(check.problems("DescribeInstances", ok)).isEmpty();
    assertThat(check.problems("DescribeInstances", ok.replace("RequestID", "RequestId")))
        .isNotEmpty();
    assertThat(check.problems("DescribeInstances", ok.replace("<Message>m</Message>", "")))
        .isNotEmpty();
  }

  @Test
  void theWrongRootOrNoXmlAtAllIsCaught() {
    assertThat(check.problems("DescribeInstances", terminate(GOOD_ITEM)))
        .singleElement()
        .asString()
        .contains("is DescribeInstancesResponse");
    assertThat(check.problems("DescribeInstances", "{\"json\":true}"))
        .singleElement()
        .asString()
        .contains("not well-formed XML");
  }

  @Test
  void aMissingServiceModelFailsNamingTheDebianPackage() {
    assertThatThrownBy(() -> Ec2ServiceModel.load(Path.of("/nonexistent/service-2.json")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("python3-botocore")
        .hasMessageContaining(Ec2ServiceModel.PROPERTY);
  }
}
