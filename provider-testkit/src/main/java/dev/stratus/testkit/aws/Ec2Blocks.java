package dev.stratus.testkit.aws;

import static dev.stratus.testkit.aws.Ec2Xml.el;

import dev.stratus.testkit.aws.Ec2CapacityReservations.Held;
import dev.stratus.testkit.aws.Ec2Xml.Ec2Error;
import dev.stratus.testkit.aws.Ec2Xml.Reply;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Capacity Blocks for ML on sale, after the EC2 API reference. A test declares what EC2 could sell
 * ({@link #supply}: a type in a zone, up to so many instances, at a price per instance-hour).
 * {@code DescribeCapacityBlockOfferings} ({@code InstanceType}, {@code InstanceCount} 1..64, {@code
 * CapacityDurationHours} in 24-hour steps up to 14 days or 168-hour steps up to 182 days, {@code
 * StartDateRange} the earliest start, {@code EndDateRange} the latest end) answers, per supply that
 * can hold the count, up to three blocks starting at 11:30 UTC on consecutive days, within eight
 * weeks, each with its {@code UpfrontFee} (price × count × hours) in {@code CurrencyCode} USD;
 * pages of {@code MaxResults} 1..1000. {@code PurchaseCapacityBlock} ({@code
 * CapacityBlockOfferingId}, {@code InstancePlatform}) buys one: the account then holds it as a
 * {@code capacity-block} reservation, {@code payment-pending} until the next call. An offering
 * bought or {@link #withdraw withdrawn} is gone: no longer offered, and its purchase is refused
 * with {@code InvalidParameterValue}. The model checks a purchase's offering before it answers a
 * {@code DryRun} (so a dry run tells a gone offering from a good one), then {@code
 * DryRunOperation}.
 */
public final class Ec2Blocks {
  static final LocalTime START_OF_DAY = LocalTime.of(11, 30);
  static final int PER_SUPPLY = 3;

  private record Supply(String type, String zone, int max, BigDecimal perInstanceHour) {}

  private record Offer(
      String id, String type, String zone, int count, Instant start, int hours, BigDecimal fee) {
    Instant end() {
      return start.plus(Duration.ofHours(hours));
    }
  }

  private final List<Supply> supplies = new ArrayList<>();
  private final Map<String, Offer> offered = new LinkedHashMap<>();
  private final Set<String> gone = new HashSet<>();

  /** EC2 can sell blocks of up to {@code maxInstances} of the type in the zone at this price. */
  public synchronized Ec2Blocks supply(
      String instanceType, String zone, int maxInstances, String pricePerInstanceHour) {
    supplies.add(
        new Supply(instanceType, zone, maxInstances, new BigDecimal(pricePerInstanceHour)));
    return this;
  }

  /** Someone else bought the offering: it is no longer offered nor for sale. */
  public synchronized void withdraw(String offeringId) {
    gone.add(offeringId);
  }

  synchronized Reply describe(QueryParams q, Instant now) {
    int hours = duration(q);
    String type = q.get("InstanceType").orElseThrow(() -> Ec2Error.missing("InstanceType"));
    int count = q.integer("InstanceCount", -1);
    if (count < 1 || count > 64) {
      throw Ec2Error.invalid(
          "InvalidParameterValue", "InstanceCount must be between 1 and 64, got " + count);
    }
    Instant from = later(q.time("StartDateRange", now), now);
    Instant latestEnd = q.time("EndDateRange", Instant.MAX);
    List<Offer> out = new ArrayList<>();
    for (Supply s : supplies) {
      if (!s.type.equals(type) || s.max < count) {
        continue;
      }
      Instant start = firstStart(from);
      for (int i = 0; i < PER_SUPPLY; i++, start = start.plus(Duration.ofDays(1))) {
        Offer o = offer(s, count, start, hours);
        if (o.end().isAfter(latestEnd) || start.isAfter(now.plus(Duration.ofDays(56)))) {
          break;
        }
        if (!gone.contains(o.id)) {
          offered.put(o.id, o);
          out.add(o);
        }
      }
    }
    Page page = Page.of(q, out.size());
    StringBuilder x = new StringBuilder("<capacityBlockOfferingSet>");
    for (Offer o : page.of(out)) {
      x.append("<item>").append(xml(o)).append("</item>");
    }
    x.append("</capacityBlockOfferingSet>").append(el("nextToken", page.next()));
    return Ec2Xml.ok("DescribeCapacityBlockOfferings", x.toString());
  }

  /** Buys the offering into {@code reservations}; checks it before answering a dry run. */
  synchronized Reply purchase(QueryParams q, Instant now, Ec2CapacityReservations reservations) {
    String id =
        q.get("CapacityBlockOfferingId")
            .orElseThrow(() -> Ec2Error.missing("CapacityBlockOfferingId"));
    String platform =
        q.get("InstancePlatform").orElseThrow(() -> Ec2Error.missing("InstancePlatform"));
    if (!platform.equals(Ec2CapacityReservations.PLATFORM)) {
      throw Ec2Error.invalid(
          "InvalidParameterValue", "Capacity Blocks are sold for Linux/UNIX only, got " + platform);
    }
    Offer o = offered.get(id);
    if (o == null) {
      throw Ec2Error.invalid(
          "InvalidParameterValue", "The Capacity Block offering ID '" + id + "' is not valid.");
    }
    if (gone.contains(id)) {
      throw Ec2Error.invalid(
          "InvalidParameterValue",
          "The Capacity Block offering " + id + " is no longer available for purchase.");
    }
    if (q.flag("DryRun")) {
      throw new Ec2Error(
          412, "DryRunOperation", "Request would have succeeded, but DryRun flag is set.");
    }
    gone.add(id);
    Held h =
        reservations.add(
            new Ec2CapacityReservations.Spec(o.type, o.zone, o.count, true), o.start, o.end(), now);
    for (String t : q.members("TagSpecification")) {
      if (q.get(t + "ResourceType").orElse("").equals("capacity-reservation")) {
        h.tags.putAll(q.tags(t + "Tag"));
      }
    }
    return Ec2Xml.ok(
        "PurchaseCapacityBlock",
        "<capacityReservation>"
            + Ec2CapacityReservations.xml(h, now, List.of())
            + "</capacityReservation><capacityBlockSet/>");
  }

  private static Offer offer(Supply s, int count, Instant start, int hours) {
    BigDecimal fee =
        s.perInstanceHour
            .multiply(BigDecimal.valueOf((long) count * hours))
            .setScale(2, RoundingMode.HALF_UP);
    String key = s.type + "|" + s.zone + "|" + count + "|" + start + "|" + hours;
    String id = String.format("cbr-%017x", key.hashCode() & 0xffffffffL);
    return new Offer(id, s.type, s.zone, count, start, hours, fee);
  }

  private static String xml(Offer o) {
    return el("capacityBlockOfferingId", o.id)
        + el("instanceType", o.type)
        + el("availabilityZone", o.zone)
        + el("instanceCount", o.count)
        + el("startDate", o.start)
        + el("endDate", o.end())
        + el("capacityBlockDurationHours", o.hours)
        + el("upfrontFee", o.fee.toPlainString())
        + el("currencyCode", "USD")
        + el("tenancy", "default");
  }

  /** The first 11:30 UTC at or after {@code t}: when EC2's blocks start. */
  static Instant firstStart(Instant t) {
    Instant day = t.truncatedTo(ChronoUnit.DAYS);
    Instant start = day.atOffset(ZoneOffset.UTC).with(START_OF_DAY).toInstant();
    return start.isBefore(t) ? start.plus(Duration.ofDays(1)) : start;
  }

  private static int duration(QueryParams q) {
    int h = q.integer("CapacityDurationHours", -1);
    if (h == -1) {
      throw Ec2Error.missing("CapacityDurationHours");
    }
    boolean days = h >= 24 && h <= 14 * 24 && h % 24 == 0;
    boolean weeks = h > 14 * 24 && h <= 182 * 24 && h % (7 * 24) == 0;
    if (!days && !weeks) {
      throw Ec2Error.invalid(
          "InvalidParameterValue",
          "CapacityDurationHours "
              + h
              + " is not offered: give 24 to 336 hours in steps of 24 (1 to 14 days), or up to"
              + " 4368 hours in steps of 168 (7-day steps up to 182 days)");
    }
    return h;
  }

  private static Instant later(Instant a, Instant b) {
    return a.isAfter(b) ? a : b;
  }
}
