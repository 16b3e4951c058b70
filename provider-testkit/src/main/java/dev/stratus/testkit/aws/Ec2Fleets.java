package dev.stratus.testkit.aws;

import static dev.stratus.testkit.aws.Ec2Xml.el;

import dev.stratus.api.model.CapacityType;
import dev.stratus.testkit.aws.Ec2Model.Pool;
import dev.stratus.testkit.aws.Ec2Model.Row;
import dev.stratus.testkit.aws.Ec2Xml.Ec2Error;
import dev.stratus.testkit.aws.Ec2Xml.Reply;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * CreateFleet of type {@code instant}: overrides are tried in order, each drawing from its pool;
 * what an override cannot give becomes an {@code errorSet} item in the 200 answer, as EC2 reports
 * it: {@code InsufficientInstanceCapacity} for an empty pool, and {@link Ec2Limits}' refusals
 * ({@code Unsupported}, {@code InvalidParameterValue}, {@code SpotMaxPriceTooLow}, {@code
 * VcpuLimitExceeded}). {@code MinTargetCapacity}: when the overrides together cannot give that
 * many, nothing launches. The answer is stored under the {@code ClientToken} with the request's
 * parameters: the same request again gets it again, another request with that token gets {@code
 * IdempotentParameterMismatch}.
 */
final class Ec2Fleets {
  private final Ec2Model model;

  Ec2Fleets(Ec2Model model) {
    this.model = model;
  }

  private record Override(String prefix, String type, String subnet, String zone, String group) {}

  /** What one override gives, and why not more (null when it gave all that was left). */
  private record Share(Override override, int count, Ec2Limits.Refusal shortfall) {}

  Reply create(QueryParams q) {
    Optional<Reply> replayed = model.fleetTokens.replay(q);
    if (replayed.isPresent()) {
      return replayed.get();
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
    Reply reply = allocate(q, total, min, spot, overrides, tags, userData);
    model.fleetTokens.keep(q, reply);
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
    return model.outage || model.exhausted.contains(pool)
        ? 0
        : model.remaining.getOrDefault(pool, Integer.MAX_VALUE);
  }

  /** Each override's share of {@code total}, in order, before anything is launched. */
  private List<Share> shares(
      QueryParams q, int total, CapacityType market, List<Override> overrides) {
    List<Share> out = new ArrayList<>();
    Map<String, Integer> allowances = new HashMap<>();
    Map<Pool, Integer> pools = new HashMap<>();
    int left = total;
    for (Override o : overrides) {
      if (left == 0) {
        break;
      }
      Optional<BigDecimal> maxPrice = q.get(o.prefix + "MaxPrice").map(BigDecimal::new);
      Optional<Ec2Limits.Refusal> refused =
          model.limits.refusal(
              o.type, o.zone, market, maxPrice, Set.copyOf(model.subnetZones.values()));
      if (refused.isPresent()) {
        out.add(new Share(o, 0, refused.get()));
        continue;
      }
      Pool pool = new Pool(o.type, o.zone, market);
      int capacity = pools.computeIfAbsent(pool, this::available);
      int quota =
          allowances.computeIfAbsent(
              o.type, t -> model.limits.allowance(t, market, model.instances.values()));
      int give = Math.min(left, Math.min(capacity, quota));
      pools.put(pool, capacity - give);
      allowances.put(o.type, quota - give);
      Ec2Limits.Refusal why =
          give == left
              ? null
              : quota < Math.min(left, capacity)
                  ? model.limits.vcpuLimitExceeded(o.type, market)
                  : insufficientCapacity(o);
      out.add(new Share(o, give, why));
      left -= give;
    }
    return out;
  }

  private Reply allocate(
      QueryParams q,
      int total,
      int min,
      boolean spot,
      List<Override> overrides,
      Map<String, String> tags,
      String userData) {
    CapacityType market = spot ? CapacityType.SPOT : CapacityType.ON_DEMAND;
    List<Share> shares = shares(q, total, market, overrides);
    boolean none = min > 0 && shares.stream().mapToInt(Share::count).sum() < min;
    StringBuilder errors = new StringBuilder("<errorSet>");
    StringBuilder launched = new StringBuilder("<fleetInstanceSet>");
    for (Share share : shares) {
      Override o = share.override;
      if (!none && share.count > 0) {
        launched
            .append("<item>")
            .append(overridesXml(o))
            .append(el("lifecycle", spot ? "spot" : "on-demand"))
            .append("<instanceIds>");
        for (int i = 0; i < share.count; i++) {
          Row r = model.launch(o.type, o.subnet, spot, o.group, userData, tags);
          launched.append(el("item", r.id));
        }
        launched.append("</instanceIds>").append(el("instanceType", o.type)).append("</item>");
        model.remaining.computeIfPresent(
            new Pool(o.type, o.zone, market), (p, n) -> n - share.count);
      }
      if (share.shortfall != null) {
        errors
            .append("<item>")
            .append(overridesXml(o))
            .append(el("lifecycle", spot ? "spot" : "on-demand"))
            .append(el("errorCode", share.shortfall.code()))
            .append(el("errorMessage", share.shortfall.message()))
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

  private static Ec2Limits.Refusal insufficientCapacity(Override o) {
    return new Ec2Limits.Refusal(
        "InsufficientInstanceCapacity",
        "We currently do not have sufficient "
            + o.type
            + " capacity in the Availability Zone you requested ("
            + o.zone
            + "). Our system will be working on provisioning additional capacity.");
  }

  private static String overridesXml(Override o) {
    return "<launchTemplateAndOverrides><overrides>"
        + el("instanceType", o.type)
        + el("subnetId", o.subnet)
        + el("availabilityZone", o.zone)
        + "</overrides></launchTemplateAndOverrides>";
  }
}
