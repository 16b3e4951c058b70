package dev.stratus.testkit.aws;

import static dev.stratus.testkit.aws.Ec2Xml.el;

import dev.stratus.testkit.aws.Ec2Model.Row;
import dev.stratus.testkit.aws.Ec2Xml.Ec2Error;
import dev.stratus.testkit.aws.Ec2Xml.Reply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * DescribeInstances (by id or by filters {@code tag:<key>}, {@code tag-key}, {@code
 * instance-state-name}, {@code instance-id}; pages of {@code MaxResults} 5..1000 with an opaque
 * {@code NextToken}) and DescribeInstanceTopology (three network nodes per instance of a type EC2
 * has topology for).
 */
final class Ec2Describe {
  static final Set<String> TOPOLOGY_TYPES = Set.of("p4d.24xlarge", "p4de.24xlarge", "p5.48xlarge");

  private Ec2Describe() {}

  static Reply instances(Ec2Model model, QueryParams q) {
    model.tick();
    List<String> ids = q.list("InstanceId");
    List<Row> rows = ids.isEmpty() ? new ArrayList<>(model.instances.values()) : model.rows(ids);
    Predicate<Row> filter = filters(q);
    List<Row> matching = rows.stream().filter(filter).toList();
    int max = q.integer("MaxResults", -1);
    if (max != -1 && (max < 5 || max > 1000)) {
      throw Ec2Error.invalid(
          "InvalidParameterValue", "MaxResults must be between 5 and 1000, got " + max);
    }
    if (max != -1 && !ids.isEmpty()) {
      throw Ec2Error.invalid(
          "InvalidParameterCombination",
          "The parameter instancesSet cannot be used with the parameter maxResults");
    }
    int from = q.get("NextToken").map(Ec2Describe::offset).orElse(0);
    int to = max == -1 ? matching.size() : Math.min(matching.size(), from + max);
    StringBuilder s = new StringBuilder("<reservationSet>");
    for (Row r : matching.subList(Math.min(from, matching.size()), to)) {
      s.append("<item>")
          .append(el("reservationId", "r-" + r.id.substring(2)))
          .append(el("ownerId", "123456789012"))
          .append("<groupSet/><instancesSet><item>")
          .append(instanceXml(r))
          .append("</item></instancesSet></item>");
    }
    s.append("</reservationSet>");
    if (to < matching.size()) {
      s.append(el("nextToken", token(to)));
    }
    return Ec2Xml.ok("DescribeInstances", s.toString());
  }

  static Reply topology(Ec2Model model, QueryParams q) {
    List<String> ids = q.list("InstanceId");
    List<Row> rows = ids.isEmpty() ? new ArrayList<>(model.instances.values()) : model.rows(ids);
    StringBuilder s = new StringBuilder("<instanceSet>");
    for (Row r : rows) {
      if (!TOPOLOGY_TYPES.contains(r.type) || r.state.equals("terminated")) {
        continue;
      }
      s.append("<item>")
          .append(el("instanceId", r.id))
          .append(el("instanceType", r.type))
          .append(el("groupName", r.group))
          .append("<networkNodeSet>")
          .append(el("item", node("a", r.zone.hashCode() & 0xffff)))
          .append(el("item", node("b", r.index / 8)))
          .append(el("item", node("c", r.index / 2)))
          .append("</networkNodeSet>")
          .append(el("availabilityZone", r.zone))
          .append(el("zoneId", "use1-az" + (r.zone.charAt(r.zone.length() - 1) - 'a' + 1)))
          .append("</item>");
    }
    return Ec2Xml.ok("DescribeInstanceTopology", s.append("</instanceSet>").toString());
  }

  private static String node(String level, int n) {
    return String.format("nn-%s%016x", level, n);
  }

  private static Predicate<Row> filters(QueryParams q) {
    Predicate<Row> all = r -> true;
    for (String f : q.members("Filter")) {
      String name = q.get(f + "Name").orElse("");
      Set<String> values = Set.copyOf(q.list(f + "Value"));
      Predicate<Row> p;
      if (name.startsWith("tag:")) {
        String key = name.substring(4);
        p = r -> values.contains(r.tags.get(key));
      } else if (name.equals("tag-key")) {
        p = r -> r.tags.keySet().stream().anyMatch(values::contains);
      } else if (name.equals("instance-state-name")) {
        p = r -> values.contains(r.state);
      } else if (name.equals("instance-id")) {
        p = r -> values.contains(r.id);
      } else {
        throw Ec2Error.invalid("InvalidParameterValue", "The filter '" + name + "' is invalid");
      }
      all = all.and(p);
    }
    return all;
  }

  /** An instance's {@code Instance} structure, as DescribeInstances and RunInstances answer it. */
  static String instanceXml(Row r) {
    return el("instanceId", r.id)
        + el("imageId", "ami-0123456789abcdef0")
        + "<instanceState>"
        + Ec2Model.state(r.state)
        + "</instanceState>"
        + el("privateIpAddress", r.state.equals("terminated") ? null : r.ip)
        + el("instanceType", r.type)
        + el("launchTime", r.launched)
        + "<placement>"
        + el("availabilityZone", r.zone)
        + el("groupName", r.group == null ? "" : r.group)
        + el("tenancy", "default")
        + "</placement>"
        + el("subnetId", r.subnet)
        + (r.spot ? el("instanceLifecycle", "spot") : "")
        + (r.capacityBlock ? el("instanceLifecycle", "capacity-block") : "")
        + el("capacityReservationId", r.reservation)
        + (r.targeted == null
            ? ""
            : "<capacityReservationSpecification><capacityReservationTarget>"
                + el("capacityReservationId", r.targeted)
                + "</capacityReservationTarget></capacityReservationSpecification>")
        + Ec2Xml.tagSet(r.tags);
  }

  static String token(int offset) {
    return Base64.getEncoder()
        .encodeToString(("offset:" + offset).getBytes(StandardCharsets.UTF_8));
  }

  static int offset(String token) {
    try {
      String s = new String(Base64.getDecoder().decode(token), StandardCharsets.UTF_8);
      return Integer.parseInt(s.substring("offset:".length()));
    } catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
      throw Ec2Error.invalid("InvalidParameterValue", "Invalid NextToken: " + token);
    }
  }
}
