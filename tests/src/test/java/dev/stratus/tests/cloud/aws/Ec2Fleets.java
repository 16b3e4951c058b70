package dev.stratus.tests.cloud.aws;

import static dev.stratus.tests.cloud.aws.Ec2Xml.el;

import dev.stratus.core.model.CapacityType;
import dev.stratus.tests.cloud.aws.Ec2Model.Pool;
import dev.stratus.tests.cloud.aws.Ec2Model.Row;
import dev.stratus.tests.cloud.aws.Ec2Xml.Ec2Error;
import dev.stratus.tests.cloud.aws.Ec2Xml.Reply;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * CreateFleet of type {@code instant}: overrides are tried in order, each drawing from its pool;
 * what a pool cannot give becomes an {@code errorSet} item (capacity errors are data here, not an
 * HTTP error). {@code MinTargetCapacity}: when the pools together cannot give that many, nothing
 * launches. The answer is stored under the {@code ClientToken}, and a repeated token gets it again.
 */
final class Ec2Fleets {
  private final Ec2Model model;

  Ec2Fleets(Ec2Model model) {
    this.model = model;
  }

  private record Override(String prefix, String type, String subnet, String zone, String group) {}

  Reply create(QueryParams q) {
    String token = q.get("ClientToken").orElse(null);
    if (token != null && model.fleetsByToken.containsKey(token)) {
      return model.fleetsByToken.get(token);
    }
    if (!q.get("Type").orElse("maintain").equals("instant")) {
      throw Ec2Error.invalid(
          "InvalidParameterValue", "this model answers only Type=instant fleets");
    }
    int total = q.integer("TargetCapacitySpecification.TotalTargetCapacity", -1);
    if (total < 1) {
      throw Ec2Error.invalid("InvalidParameterValue", "TotalTargetCapacity must be >= 1");
    }
    String market = q.get("TargetCapacitySpecification.DefaultTargetCapacityType").orElse("");
    if (!market.equals("spot") && !market.equals("on-demand")) {
      throw Ec2Error.invalid(
          "InvalidParameterValue", "DefaultTargetCapacityType must be spot or on-demand");
    }
    boolean spot = market.equals("spot");
    String options = spot ? "SpotOptions." : "OnDemandOptions.";
    int min = q.integer(options + "MinTargetCapacity", 0);
    if (min > 0
        && !q.flag(options + "SingleInstanceType")
        && !q.flag(options + "SingleAvailabilityZone")) {
      throw Ec2Error.invalid(
          "InvalidParameterValue",
          "MinTargetCapacity requires SingleInstanceType or SingleAvailabilityZone");
    }
    List<String> configs = q.members("LaunchTemplateConfigs");
    if (configs.size() != 1) {
      throw Ec2Error.invalid(
          "InvalidParameterValue", "this model takes exactly one LaunchTemplateConfigs member");
    }
    String spec = configs.get(0) + "LaunchTemplateSpecification.";
    if (q.get(spec + "LaunchTemplateId").isEmpty()
        == q.get(spec + "LaunchTemplateName").isEmpty()) {
      throw Ec2Error.invalid(
          "InvalidParameterValue", "give exactly one of LaunchTemplateId and LaunchTemplateName");
    }
    if (q.get(spec + "Version").isEmpty()) {
      throw Ec2Error.invalid("MissingParameter", "The request must contain the parameter Version");
    }
    String userData = q.get(spec + "LaunchTemplateSpecificationUserData").orElse(null);
    if (userData != null) {
      Base64.getDecoder().decode(userData); // EC2 refuses user data that is not base64
    }
    List<Override> overrides = overrides(q, configs.get(0));
    Map<String, String> tags = instanceTags(q);
    Reply reply = allocate(total, min, spot, overrides, tags, userData);
    if (token != null) {
      model.fleetsByToken.put(token, reply);
    }
    return reply;
  }

  private List<Override> overrides(QueryParams q, String config) {
    List<Override> out = new ArrayList<>();
    for (String o : q.members(config + "Overrides")) {
      String subnet =
          q.get(o + "SubnetId")
              .orElseThrow(() -> Ec2Error.invalid("MissingParameter", "override without SubnetId"));
      String zone = model.subnetZones.get(subnet);
      if (zone == null) {
        throw Ec2Error.invalid(
            "InvalidSubnetID.NotFound", "The subnet ID '" + subnet + "' does not exist");
      }
      String group = q.get(o + "Placement.GroupName").orElse(null);
      if (group != null && !model.groups.containsKey(group)) {
        throw Ec2Error.invalid(
            "InvalidPlacementGroup.Unknown", "The Placement Group '" + group + "' is unknown.");
      }
      String type =
          q.get(o + "InstanceType")
              .orElseThrow(
                  () -> Ec2Error.invalid("MissingParameter", "override without InstanceType"));
      out.add(new Override(o, type, subnet, zone, group));
    }
    if (out.isEmpty()) {
      throw Ec2Error.invalid(
          "MissingParameter", "no Overrides: this model needs instance type and subnet");
    }
    return out;
  }

  private static Map<String, String> instanceTags(QueryParams q) {
    for (String t : q.members("TagSpecification")) {
      if (q.get(t + "ResourceType").orElse("").equals("instance")) {
        return q.tags(t + "Tag");
      }
    }
    return Map.of();
  }

  private int available(Pool pool) {
    return model.exhausted.contains(pool)
        ? 0
        : model.remaining.getOrDefault(pool, Integer.MAX_VALUE);
  }

  private Reply allocate(
      int total,
      int min,
      boolean spot,
      List<Override> overrides,
      Map<String, String> tags,
      String userData) {
    CapacityType market = spot ? CapacityType.SPOT : CapacityType.ON_DEMAND;
    long possible =
        overrides.stream().mapToLong(o -> available(new Pool(o.type, o.zone, market))).sum();
    boolean none = min > 0 && possible < min;
    StringBuilder errors = new StringBuilder("<errorSet>");
    StringBuilder launched = new StringBuilder("<fleetInstanceSet>");
    int left = total;
    for (Override o : overrides) {
      if (left == 0) {
        break;
      }
      Pool pool = new Pool(o.type, o.zone, market);
      int give = none ? 0 : (int) Math.min(left, available(pool));
      if (give > 0) {
        launched
            .append("<item>")
            .append(overridesXml(o))
            .append(el("lifecycle", spot ? "spot" : "on-demand"))
            .append("<instanceIds>");
        for (int i = 0; i < give; i++) {
          Row r = model.launch(o.type, o.subnet, spot, o.group, userData, tags);
          launched.append(el("item", r.id));
        }
        launched.append("</instanceIds>").append(el("instanceType", o.type)).append("</item>");
        model.remaining.computeIfPresent(pool, (p, n) -> n - give);
        left -= give;
      }
      if (left > 0) {
        errors
            .append("<item>")
            .append(overridesXml(o))
            .append(el("lifecycle", spot ? "spot" : "on-demand"))
            .append(el("errorCode", "InsufficientInstanceCapacity"))
            .append(
                el(
                    "errorMessage",
                    "We currently do not have sufficient "
                        + o.type
                        + " capacity in the Availability Zone you requested ("
                        + o.zone
                        + "). Our system will be working on provisioning additional capacity."))
            .append("</item>");
      }
    }
    return Ec2Xml.ok(
        "CreateFleet",
        el("fleetId", "fleet-" + UUID.randomUUID())
            + errors
            + "</errorSet>"
            + launched
            + "</fleetInstanceSet>");
  }

  private static String overridesXml(Override o) {
    return "<launchTemplateAndOverrides><overrides>"
        + el("instanceType", o.type)
        + el("subnetId", o.subnet)
        + el("availabilityZone", o.zone)
        + "</overrides></launchTemplateAndOverrides>";
  }
}
