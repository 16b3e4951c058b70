package dev.stratus.testkit.aws;

import static dev.stratus.testkit.aws.Ec2Xml.el;

import dev.stratus.testkit.aws.Ec2Xml.Ec2Error;
import dev.stratus.testkit.aws.Ec2Xml.Reply;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Placement groups: create (tags at creation), delete (refused while instances are in it),
 * describe.
 */
final class Ec2Groups {
  private Ec2Groups() {}

  static Reply create(Ec2Model model, QueryParams q) {
    String name =
        q.get("GroupName").orElseThrow(() -> Ec2Error.invalid("MissingParameter", "GroupName"));
    String strategy = q.get("Strategy").orElse("");
    if (!Set.of("cluster", "spread", "partition").contains(strategy)) {
      throw Ec2Error.invalid(
          "InvalidParameterValue", "Strategy must be cluster, spread or partition");
    }
    if (model.groups.containsKey(name)) {
      throw Ec2Error.invalid(
          "InvalidPlacementGroup.Duplicate", "The placement group '" + name + "' already exists.");
    }
    Map<String, String> tags = new LinkedHashMap<>();
    for (String t : q.members("TagSpecification")) {
      if (q.get(t + "ResourceType").orElse("").equals("placement-group")) {
        tags.putAll(q.tags(t + "Tag"));
      }
    }
    tags.put("strategy", strategy);
    model.groups.put(name, tags);
    // CreatePlacementGroupResult has only placementGroup (no <return>, unlike the delete)
    return Ec2Xml.ok(
        "CreatePlacementGroup", "<placementGroup>" + groupXml(name, tags) + "</placementGroup>");
  }

  static Reply delete(Ec2Model model, QueryParams q) {
    String name =
        q.get("GroupName").orElseThrow(() -> Ec2Error.invalid("MissingParameter", "GroupName"));
    if (!model.groups.containsKey(name)) {
      throw Ec2Error.invalid(
          "InvalidPlacementGroup.Unknown", "The Placement Group '" + name + "' is unknown.");
    }
    boolean inUse =
        model.instances.values().stream()
            .anyMatch(r -> name.equals(r.group) && !r.state.equals("terminated"));
    if (inUse) {
      throw Ec2Error.invalid(
          "InvalidPlacementGroup.InUse",
          "The placement group '" + name + "' is in use and may not be deleted.");
    }
    model.groups.remove(name);
    return Ec2Xml.ok("DeletePlacementGroup", el("return", true));
  }

  static Reply describe(Ec2Model model, QueryParams q) {
    model.tick();
    List<String> names = q.list("GroupName");
    StringBuilder s = new StringBuilder("<placementGroupSet>");
    for (var e : model.groups.entrySet()) {
      if (!names.isEmpty() && !names.contains(e.getKey())) {
        continue;
      }
      if (!matches(q, e.getValue())) {
        continue;
      }
      s.append("<item>").append(groupXml(e.getKey(), e.getValue())).append("</item>");
    }
    return Ec2Xml.ok("DescribePlacementGroups", s.append("</placementGroupSet>").toString());
  }

  private static boolean matches(QueryParams q, Map<String, String> tags) {
    for (String f : q.members("Filter")) {
      String name = q.get(f + "Name").orElse("");
      if (!name.startsWith("tag:")) {
        throw Ec2Error.invalid("InvalidParameterValue", "The filter '" + name + "' is invalid");
      }
      if (!q.list(f + "Value").contains(tags.get(name.substring(4)))) {
        return false;
      }
    }
    return true;
  }

  private static String groupXml(String name, Map<String, String> tags) {
    Map<String, String> visible = new LinkedHashMap<>(tags);
    String strategy = visible.remove("strategy");
    return el("groupName", name)
        + el("state", "available")
        + el("strategy", strategy)
        + el("groupId", "pg-" + Integer.toHexString(name.hashCode()))
        + Ec2Xml.tagSet(visible);
  }
}
