package dev.stratus.testkit.aws;

import static dev.stratus.testkit.aws.Ec2Xml.el;

import dev.stratus.testkit.aws.Ec2Xml.Ec2Error;
import dev.stratus.testkit.aws.Ec2Xml.Reply;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The spot price history of the model and {@code DescribeSpotPriceHistory} over it, after the EC2
 * API reference: filters by {@code InstanceType.N}, {@code ProductDescription.N}, {@code
 * AvailabilityZone} and {@code Filter.N} ({@code availability-zone}, {@code instance-type}, {@code
 * product-description}; another name is {@code InvalidParameterValue}); with {@code StartTime} and
 * {@code EndTime} the changes within the window plus, per zone, type and product, the last change
 * before {@code StartTime} (the price in force at its start); oldest first; pages of {@code
 * MaxResults} (1..1000) with an opaque {@code NextToken}, an empty one on the last page.
 */
public final class Ec2SpotPrices {
  /** One price change. */
  record Change(String type, String zone, String product, BigDecimal price, Instant at) {}

  private final List<Change> changes = new ArrayList<>();

  /** Records a price change of a spot pool. */
  public synchronized Ec2SpotPrices change(
      String type, String zone, String product, String price, Instant at) {
    changes.add(new Change(type, zone, product, new BigDecimal(price), at));
    return this;
  }

  synchronized Reply describe(QueryParams q) {
    Instant start = q.time("StartTime", Instant.MIN);
    Instant end = q.time("EndTime", Instant.MAX);
    if (end.isBefore(start)) {
      throw Ec2Error.invalid("InvalidParameterValue", "EndTime must not be before StartTime");
    }
    Predicate<Change> wanted = filters(q);
    Map<List<String>, Change> inForceAtStart = new LinkedHashMap<>();
    List<Change> out = new ArrayList<>();
    for (Change c : changes) {
      if (!wanted.test(c) || c.at().isAfter(end)) {
        continue;
      }
      if (c.at().isBefore(start)) {
        inForceAtStart.merge(
            List.of(c.type(), c.zone(), c.product()), c, (a, b) -> b.at().isAfter(a.at()) ? b : a);
      } else {
        out.add(c);
      }
    }
    out.addAll(inForceAtStart.values());
    out.sort(Comparator.comparing(Change::at));
    Page page = Page.of(q, out.size());
    StringBuilder s = new StringBuilder("<spotPriceHistorySet>");
    for (Change c : page.of(out)) {
      s.append("<item>")
          .append(el("instanceType", c.type()))
          .append(el("productDescription", c.product()))
          .append(el("spotPrice", c.price().setScale(6).toPlainString()))
          .append(el("timestamp", c.at()))
          .append(el("availabilityZone", c.zone()))
          .append("</item>");
    }
    s.append("</spotPriceHistorySet>")
        .append(el("nextToken", page.next() == null ? "" : page.next()));
    return Ec2Xml.ok("DescribeSpotPriceHistory", s.toString());
  }

  private static Predicate<Change> filters(QueryParams q) {
    Predicate<Change> all = c -> true;
    all = all.and(oneOf(q.list("InstanceType"), Change::type));
    all = all.and(oneOf(q.list("ProductDescription"), Change::product));
    all = all.and(oneOf(q.get("AvailabilityZone").stream().toList(), Change::zone));
    for (String f : q.members("Filter")) {
      String name = q.get(f + "Name").orElse("");
      List<String> values = q.list(f + "Value");
      all =
          all.and(
              switch (name) {
                case "availability-zone" -> oneOf(values, Change::zone);
                case "instance-type" -> oneOf(values, Change::type);
                case "product-description" -> oneOf(values, Change::product);
                default ->
                    throw Ec2Error.invalid(
                        "InvalidParameterValue", "The filter '" + name + "' is invalid");
              });
    }
    return all;
  }

  private static Predicate<Change> oneOf(List<String> values, Function<Change, String> field) {
    Set<String> set = Set.copyOf(values);
    return c -> set.isEmpty() || set.contains(field.apply(c));
  }
}
