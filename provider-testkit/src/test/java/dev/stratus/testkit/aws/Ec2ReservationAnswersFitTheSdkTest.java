package dev.stratus.testkit.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.testkit.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.ec2.model.DescribeCapacityBlockOfferingsResponse;
import software.amazon.awssdk.services.ec2.model.DescribeCapacityReservationsResponse;
import software.amazon.awssdk.services.ec2.model.DescribeInstancesResponse;
import software.amazon.awssdk.services.ec2.model.PurchaseCapacityBlockResponse;
import software.amazon.awssdk.services.ec2.model.RunInstancesResponse;

/**
 * Capacity reservations and blocks came to EC2 after the botocore Debian 12 ships (its model has no
 * {@code reservationType}, no {@code capacity-block} lifecycle, no Capacity Block actions), so
 * these answers are held to the AWS SDK's generated types ({@link Ec2SdkShapeCheck}); and what the
 * model does with them: launches only into an active block with room, the block's end ends its
 * instances.
 */
class Ec2ReservationAnswersFitTheSdkTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  final MovableClock clock = new MovableClock(T0);
  final Ec2Model model = new Ec2Model(clock).subnet("subnet-a", "us-east-1a");
  final Ec2SdkShapeCheck sdk = new Ec2SdkShapeCheck();

  String call(Supplier<? extends SdkPojo> type, String action, String... params) {
    String xml = model.handle(Ec2Queries.query(action, params)).body();
    if (!xml.contains("<Errors>")) {
      assertThat(sdk.problems(xml, type)).as(xml).isEmpty();
    }
    return xml;
  }

  String run(String reservation, int count, boolean block, String token) {
    return call(
        RunInstancesResponse::builder,
        "RunInstances",
        "ClientToken",
        token,
        "MinCount",
        String.valueOf(count),
        "MaxCount",
        String.valueOf(count),
        "LaunchTemplate.LaunchTemplateId",
        "lt-0123456789abcdef0",
        "LaunchTemplate.Version",
        "$Default",
        "InstanceType",
        "p5.48xlarge",
        "SubnetId",
        "subnet-a",
        "CapacityReservationSpecification.CapacityReservationTarget.CapacityReservationId",
        reservation,
        "InstanceMarketOptions.MarketType",
        block ? "capacity-block" : "");
  }

  @Test
  void aBlockTakesLaunchesOnlyWhileActiveWithRoomAndEndsItsInstances() {
    String cr =
        model.reserve(
            "p5.48xlarge", "us-east-1a", 2, T0.plusSeconds(3600), T0.plusSeconds(7200), true);

    assertThat(run(cr, 1, true, "t1")).contains("<Code>ReservationCapacityExceeded</Code>");
    assertThat(call(DescribeCapacityReservationsResponse::builder, "DescribeCapacityReservations"))
        .contains("<state>scheduled</state>", "<reservationType>capacity-block</reservationType>");

    clock.add(Duration.ofMinutes(90));
    String launched = run(cr, 2, true, "t2");
    assertThat(launched).contains("<instanceLifecycle>capacity-block</instanceLifecycle>");
    assertThat(run(cr, 1, true, "t3")).contains("<Code>ReservationCapacityExceeded</Code>");
    assertThat(run(cr, 1, false, "t4")).contains("<Code>InvalidParameterCombination</Code>");
    assertThat(
            call(
                DescribeCapacityReservationsResponse::builder,
                "DescribeCapacityReservations",
                "CapacityReservationId.1",
                cr))
        .contains("<state>active</state>", "<availableInstanceCount>0</availableInstanceCount>");
    assertThat(call(DescribeInstancesResponse::builder, "DescribeInstances"))
        .contains("<capacityReservationId>" + cr + "</capacityReservationId>")
        .contains("<capacityReservationTarget>");

    clock.add(Duration.ofHours(1));
    assertThat(call(DescribeInstancesResponse::builder, "DescribeInstances"))
        .doesNotContain("<name>running</name>");
    assertThat(
            call(
                DescribeCapacityReservationsResponse::builder,
                "DescribeCapacityReservations",
                "Filter.1.Name",
                "state",
                "Filter.1.Value.1",
                "expired"))
        .contains(cr);
  }

  String offerings(int hours, String... more) {
    List<String> p =
        new ArrayList<>(
            List.of(
                "InstanceType", "p5.48xlarge",
                "InstanceCount", "2",
                "CapacityDurationHours", String.valueOf(hours)));
    p.addAll(List.of(more));
    return call(
        DescribeCapacityBlockOfferingsResponse::builder,
        "DescribeCapacityBlockOfferings",
        p.toArray(String[]::new));
  }

  String purchase(String offer, boolean dryRun) {
    return call(
        PurchaseCapacityBlockResponse::builder,
        "PurchaseCapacityBlock",
        "CapacityBlockOfferingId",
        offer,
        "InstancePlatform",
        "Linux/UNIX",
        "DryRun",
        String.valueOf(dryRun));
  }

  @Test
  void offeringsPagesAndAPurchaseFitTheirResults() {
    model.blocks().supply("p5.48xlarge", "us-east-1a", 8, "3.933");

    String first = offerings(24, "MaxResults", "2");
    assertThat(first)
        .contains("<upfrontFee>188.78</upfrontFee>", "<currencyCode>USD</currencyCode>")
        .contains("<startDate>2026-11-22T11:30:00Z</startDate>", "<nextToken>");
    String offer = first.replaceAll("(?s).*?<capacityBlockOfferingId>([^<]+)<.*", "$1");

    assertThat(purchase(offer, true)).contains("<Code>DryRunOperation</Code>");
    assertThat(purchase(offer, false))
        .contains("<state>payment-pending</state>", "<totalInstanceCount>2</totalInstanceCount>");
    assertThat(purchase(offer, true))
        .contains("<Code>InvalidParameterValue</Code>", "no longer available");
    assertThat(call(DescribeCapacityReservationsResponse::builder, "DescribeCapacityReservations"))
        .contains("<state>scheduled</state>");
    assertThat(offerings(24)).doesNotContain(offer);
    assertThat(offerings(30)).contains("<Code>InvalidParameterValue</Code>", "steps of 24");
  }
}
