package dev.stratus.testkit.aws;

import static dev.stratus.testkit.aws.Ec2Xml.el;

import dev.stratus.testkit.aws.Ec2Model.Row;
import dev.stratus.testkit.aws.Ec2Xml.Ec2Error;
import dev.stratus.testkit.aws.Ec2Xml.Reply;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The account's capacity reservations, after the EC2 API reference: targeted On-Demand Capacity
 * Reservations ({@code ReservationType=default}) and Capacity Blocks for ML ({@code
 * capacity-block}), each of one instance type in one zone with a window. The state follows the
 * model's clock: a block is {@code payment-pending} until paid (the next call after its purchase),
 * then {@code scheduled} before its start, {@code active} inside its window, {@code expired} after;
 * an ODCR is {@code active} until its end date, if it has one. At a block's end EC2 terminates its
 * instances; at an ODCR's end they keep running as plain On-Demand Instances, no longer in it.
 *
 * <p>{@code DescribeCapacityReservations}: by {@code CapacityReservationId.N} (an unknown id is
 * {@code InvalidCapacityReservationId.NotFound}, a malformed one {@code .Malformed}) or by {@code
 * Filter.N} ({@code instance-type}, {@code availability-zone}, {@code state}, {@code
 * instance-match-criteria}, {@code instance-platform}, {@code tenancy}, {@code end-date-type},
 * {@code owner-id}, {@code tag:<key>}; another name is {@code InvalidParameterValue}), pages of
 * {@code MaxResults} 1..1000 with an opaque {@code NextToken}. {@code AvailableInstanceCount} is
 * what can be launched now: none unless active.
 */
final class Ec2CapacityReservations {
  static final Pattern ID = Pattern.compile("cr-[0-9a-f]{17}");
  static final String OWNER = "123456789012";
  static final String PLATFORM = "Linux/UNIX";

  /** What a reservation holds: so many instances of a type in a zone, as a block or an ODCR. */
  record Spec(String instanceType, String zone, int total, boolean block) {}

  /** One reservation; its window and flags change as the model's clock and hooks move. */
  static final class Held {
    final String id;
    final String instanceType;
    final String zone;
    final int total;
    final boolean block;
    final Instant created;
    final Map<String, String> tags = new LinkedHashMap<>();
    Instant start;
    Instant end; // null: an ODCR without end date
    boolean paid;
    boolean cancelled;
    boolean forcedExpired;
    boolean ended; // its end has been applied to its instances

    Held(String id, Spec spec, Instant start, Instant end, Instant created) {
      this.id = id;
      this.instanceType = spec.instanceType();
      this.zone = spec.zone();
      this.total = spec.total();
      this.block = spec.block();
      this.start = start;
      this.end = end;
      this.created = created;
    }

    String state(Instant now) {
      if (cancelled) {
        return "cancelled";
      }
      if (forcedExpired || (end != null && !now.isBefore(end))) {
        return "expired";
      }
      if (block && !paid) {
        return "payment-pending";
      }
      return now.isBefore(start) ? "scheduled" : "active";
    }
  }

  private final Map<String, Held> held = new LinkedHashMap<>();
  private long next = 0x0cafe00000000000L;

  Held add(Spec spec, Instant start, Instant end, Instant now) {
    if (spec.total() < 1) {
      throw new IllegalArgumentException(
          "a reservation holds at least 1 instance, got " + spec.total());
    }
    if (end != null && !end.isAfter(start)) {
      throw new IllegalArgumentException("end " + end + " must be after start " + start);
    }
    String id = String.format("cr-%017x", ++next);
    Held h = new Held(id, spec, millis(start), end == null ? null : millis(end), millis(now));
    held.put(id, h);
    return h;
  }

  static Instant millis(Instant t) {
    return t.truncatedTo(ChronoUnit.MILLIS);
  }

  /** The reservation, or {@code InvalidCapacityReservationId.NotFound}/{@code .Malformed}. */
  Held get(String id) {
    if (!ID.matcher(id).matches()) {
      throw Ec2Error.invalid(
          "InvalidCapacityReservationId.Malformed",
          "The capacity reservation ID '" + id + "' is malformed");
    }
    Held h = held.get(id);
    if (h == null) {
      throw Ec2Error.invalid(
          "InvalidCapacityReservationId.NotFound",
          "The capacity reservation ID '" + id + "' does not exist");
    }
    return h;
  }

  /** Instances that hold a slot: launched into it and not yet stopped or terminated. */
  static int used(Held h, Collection<Row> rows) {
    return (int)
        rows.stream()
            .filter(r -> h.id.equals(r.reservation))
            .filter(r -> !r.state.equals("terminated") && !r.state.equals("stopped"))
            .count();
  }

  static int available(Held h, Instant now, Collection<Row> rows) {
    return h.state(now).equals("active") ? Math.max(0, h.total - used(h, rows)) : 0;
  }

  /**
   * What the clock did since the last call: a purchase is paid, and each reservation whose window
   * has closed ends its instances, once: a block's are terminated, an ODCR's leave it.
   */
  void advance(Instant now, Collection<Row> rows) {
    for (Held h : held.values()) {
      h.paid = true;
      if (!h.ended && h.state(now).equals("expired")) {
        h.ended = true;
        for (Row r : rows) {
          if (h.id.equals(r.reservation)) {
            if (h.block) {
              if (!r.state.equals("terminated")) {
                r.state = "shutting-down";
              }
            } else {
              r.reservation = null;
            }
          }
        }
      }
    }
  }

  Reply describe(QueryParams q, Instant now, Collection<Row> rows) {
    List<String> ids = q.list("CapacityReservationId");
    List<Held> all =
        ids.isEmpty() ? new ArrayList<>(held.values()) : ids.stream().map(this::get).toList();
    Predicate<Held> filter = filters(q, now);
    List<Held> matching = all.stream().filter(filter).toList();
    Page page = Page.of(q, matching.size());
    StringBuilder s = new StringBuilder("<capacityReservationSet>");
    for (Held h : page.of(matching)) {
      s.append("<item>").append(xml(h, now, rows)).append("</item>");
    }
    s.append("</capacityReservationSet>").append(el("nextToken", page.next()));
    return Ec2Xml.ok("DescribeCapacityReservations", s.toString());
  }

  /** A {@code CapacityReservation} structure, as in EC2's answers. */
  static String xml(Held h, Instant now, Collection<Row> rows) {
    return el("capacityReservationId", h.id)
        + el("ownerId", OWNER)
        + el(
            "capacityReservationArn",
            "arn:aws:ec2:us-east-1:" + OWNER + ":capacity-reservation/" + h.id)
        + el("instanceType", h.instanceType)
        + el("instancePlatform", PLATFORM)
        + el("availabilityZone", h.zone)
        + el("tenancy", "default")
        + el("totalInstanceCount", h.total)
        + el("availableInstanceCount", available(h, now, rows))
        + el("ebsOptimized", true)
        + el("ephemeralStorage", false)
        + el("state", h.state(now))
        + el("startDate", h.start)
        + el("endDate", h.end)
        + el("endDateType", h.end == null ? "unlimited" : "limited")
        + el("instanceMatchCriteria", "targeted")
        + el("createDate", h.created)
        + el("reservationType", h.block ? "capacity-block" : "default")
        + Ec2Xml.tagSet(h.tags);
  }

  private static Predicate<Held> filters(QueryParams q, Instant now) {
    Predicate<Held> all = h -> true;
    for (String f : q.members("Filter")) {
      String name = q.get(f + "Name").orElse("");
      Set<String> values = Set.copyOf(q.list(f + "Value"));
      Function<Held, String> field =
          switch (name) {
            case "instance-type" -> h -> h.instanceType;
            case "availability-zone" -> h -> h.zone;
            case "state" -> h -> h.state(now);
            case "instance-match-criteria" -> h -> "targeted";
            case "instance-platform" -> h -> PLATFORM;
            case "tenancy" -> h -> "default";
            case "owner-id" -> h -> OWNER;
            case "end-date-type" -> h -> h.end == null ? "unlimited" : "limited";
            default -> {
              if (name.startsWith("tag:")) {
                String key = name.substring(4);
                yield h -> h.tags.get(key);
              }
              throw Ec2Error.invalid(
                  "InvalidParameterValue", "The filter '" + name + "' is invalid");
            }
          };
      all = all.and(h -> values.contains(field.apply(h)));
    }
    return all;
  }
}
