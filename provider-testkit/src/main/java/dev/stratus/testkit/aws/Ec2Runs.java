package dev.stratus.testkit.aws;

import static dev.stratus.testkit.aws.Ec2Xml.el;

import dev.stratus.testkit.aws.Ec2CapacityReservations.Held;
import dev.stratus.testkit.aws.Ec2Model.Row;
import dev.stratus.testkit.aws.Ec2Xml.Ec2Error;
import dev.stratus.testkit.aws.Ec2Xml.Reply;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

/**
 * {@code RunInstances} into a capacity reservation, the one way EC2 takes a launch that names a
 * reservation ({@code CreateFleet} takes one only through its launch template): {@code
 * CapacityReservationSpecification.CapacityReservationTarget.CapacityReservationId}, with {@code
 * InstanceMarketOptions.MarketType=capacity-block} for a Capacity Block (and only for one). EC2
 * launches between {@code MinCount} and {@code MaxCount} instances while the reservation is active
 * and has that many slots free, and otherwise refuses the whole call with HTTP 400 {@code
 * ReservationCapacityExceeded} (no slot before the window opens, after it closes, or when full).
 * The instances report the reservation ({@code capacityReservationId}, the target in {@code
 * capacityReservationSpecification}) and a block's report {@code instanceLifecycle=capacity-block}.
 * This model answers no other RunInstances. The answer is kept under the {@code ClientToken}: the
 * same request again gets it again, another one {@code IdempotentParameterMismatch}.
 */
final class Ec2Runs {
  static final String TARGET =
      "CapacityReservationSpecification.CapacityReservationTarget.CapacityReservationId";
  static final String CAPACITY_EXCEEDED =
      "The requested reservation does not have sufficient compatible and available capacity for"
          + " this request.";
  private final Ec2Model model;
  private final ClientTokens tokens = new ClientTokens();

  Ec2Runs(Ec2Model model) {
    this.model = model;
  }

  Reply run(QueryParams q, Instant now) {
    Optional<Reply> replayed = tokens.replay(q);
    if (replayed.isPresent()) {
      return replayed.get();
    }
    int min = required(q, "MinCount");
    int max = required(q, "MaxCount");
    if (min < 1 || max < min) {
      throw Ec2Error.invalid(
          "InvalidParameterValue",
          "MinCount must be >= 1 and <= MaxCount, got " + min + ", " + max);
    }
    if (q.get("LaunchTemplate.LaunchTemplateId").isEmpty()
        == q.get("LaunchTemplate.LaunchTemplateName").isEmpty()) {
      throw Ec2Error.invalid(
          "InvalidParameterValue", "give exactly one of LaunchTemplateId and LaunchTemplateName");
    }
    String type = q.get("InstanceType").orElseThrow(() -> Ec2Error.missing("InstanceType"));
    String subnet = q.get("SubnetId").orElseThrow(() -> Ec2Error.missing("SubnetId"));
    String zone = model.subnetZones.get(subnet);
    if (zone == null) {
      throw Ec2Error.invalid(
          "InvalidSubnetID.NotFound", "The subnet ID '" + subnet + "' does not exist");
    }
    String group = q.get("Placement.GroupName").orElse(null);
    if (group != null && !model.groups.containsKey(group)) {
      throw Ec2Error.invalid(
          "InvalidPlacementGroup.Unknown", "The Placement Group '" + group + "' is unknown.");
    }
    String userData = q.get("UserData").orElse(null);
    if (userData != null) {
      Base64.getDecoder().decode(userData);
    }
    Held h = target(q);
    boolean blockMarket =
        q.get("InstanceMarketOptions.MarketType").orElse("").equals("capacity-block");
    if (blockMarket != h.block) {
      throw Ec2Error.invalid(
          "InvalidParameterCombination",
          h.block
              ? "To launch into Capacity Block "
                  + h.id
                  + ", set InstanceMarketOptions.MarketType to capacity-block."
              : "MarketType capacity-block requires a Capacity Block; " + h.id + " is not one.");
    }
    int free = Ec2CapacityReservations.available(h, now, model.instances.values());
    if (!type.equals(h.instanceType) || !zone.equals(h.zone) || free < min) {
      throw Ec2Error.invalid("ReservationCapacityExceeded", CAPACITY_EXCEEDED);
    }
    Reply reply = launch(q, h, Math.min(max, free), type, subnet, group, userData);
    tokens.keep(q, reply);
    return reply;
  }

  private Held target(QueryParams q) {
    String id =
        q.get(TARGET)
            .orElseThrow(
                () ->
                    Ec2Error.invalid(
                        "InvalidParameterValue",
                        "this model answers RunInstances only into a capacity reservation"));
    String preference =
        q.get("CapacityReservationSpecification.CapacityReservationPreference").orElse("");
    if (!preference.isEmpty() && !preference.equals("capacity-reservations-only")) {
      throw Ec2Error.invalid(
          "InvalidParameterCombination",
          "The request can include either a CapacityReservationId or a"
              + " CapacityReservationPreference but not both.");
    }
    return model.reservations.get(id);
  }

  private Reply launch(
      QueryParams q, Held h, int count, String type, String subnet, String group, String data) {
    Map<String, String> tags = Map.of();
    for (String t : q.members("TagSpecification")) {
      if (q.get(t + "ResourceType").orElse("").equals("instance")) {
        tags = q.tags(t + "Tag");
      }
    }
    StringBuilder s = new StringBuilder();
    String reservationId = null;
    for (int i = 0; i < count; i++) {
      Row r = model.launch(type, subnet, false, group, data, tags);
      reservationId = reservationId == null ? "r-" + r.id.substring(2) : reservationId;
      r.reservation = h.id;
      r.targeted = h.id;
      r.capacityBlock = h.block;
      s.append("<item>").append(Ec2Describe.instanceXml(r)).append("</item>");
    }
    return Ec2Xml.ok(
        "RunInstances",
        el("reservationId", reservationId)
            + el("ownerId", Ec2CapacityReservations.OWNER)
            + "<groupSet/><instancesSet>"
            + s
            + "</instancesSet>");
  }

  private static int required(QueryParams q, String name) {
    return Integer.parseInt(q.get(name).orElseThrow(() -> Ec2Error.missing(name)));
  }
}
