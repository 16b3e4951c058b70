package dev.stratus.core.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.policy.Decision;
import dev.stratus.policy.Explanation;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A deadline decision's {@link Explanation} in {@code deadlines.json}, and back: {@code decision}
 * ({@code kind}: spot, on-demand, wait, reserved, flex; {@code location}; {@code reason}), {@code
 * slack_h}, {@code ticks_left}, {@code work_left_h}, {@code running}, {@code proposal}, {@code
 * zones} ({@code location}, {@code spot_usd_h}, {@code on_demand_usd_h}, {@code available}, {@code
 * age_ticks}, {@code expected_h_left}), {@code options} ({@code kind}, {@code location}, {@code
 * usd_per_work_h}, absent for a wait), {@code spare_ticks} and {@code safety_net}.
 */
final class ExplanationJson {
  private ExplanationJson() {}

  static void write(ObjectNode o, Explanation e) {
    ObjectNode d = o.putObject("decision");
    d.put("kind", kind(e.decision()));
    d.put("location", location(e.decision()));
    d.put("reason", e.decision().reason());
    o.put("slack_h", e.slackHours());
    o.put("ticks_left", e.ticksLeft());
    o.put("work_left_h", e.workLeftHours());
    o.put("running", e.running());
    o.put("proposal", e.proposal());
    for (Explanation.Zone z : e.zones()) {
      ObjectNode n = o.withArray("zones").addObject();
      n.put("location", z.location());
      n.put("spot_usd_h", z.spotPrice());
      n.put("on_demand_usd_h", z.onDemandPrice());
      n.put("available", z.available());
      n.put("age_ticks", z.ageTicks());
      n.put("expected_h_left", z.expectedHoursLeft());
    }
    for (Explanation.Option op : e.options()) {
      ObjectNode n = o.withArray("options").addObject();
      n.put("kind", op.kind());
      n.put("location", op.location());
      op.usdPerWorkHour().ifPresent(v -> n.put("usd_per_work_h", v));
    }
    o.put("spare_ticks", e.spareTicks());
    o.put("safety_net", e.safetyNet());
  }

  static Explanation read(JsonNode o) {
    List<Explanation.Zone> zones = new ArrayList<>();
    for (JsonNode z : o.path("zones")) {
      zones.add(
          new Explanation.Zone(
              z.required("location").asText(),
              z.required("spot_usd_h").asDouble(),
              z.required("on_demand_usd_h").asDouble(),
              z.required("available").asBoolean(),
              z.required("age_ticks").asInt(),
              z.required("expected_h_left").asDouble()));
    }
    List<Explanation.Option> options = new ArrayList<>();
    for (JsonNode op : o.path("options")) {
      options.add(
          new Explanation.Option(
              op.required("kind").asText(),
              op.path("location").asText(""),
              op.has("usd_per_work_h")
                  ? OptionalDouble.of(op.get("usd_per_work_h").asDouble())
                  : OptionalDouble.empty()));
    }
    return new Explanation(
        decision(o.required("decision")),
        o.required("slack_h").asDouble(),
        o.required("ticks_left").asLong(),
        o.required("work_left_h").asDouble(),
        o.required("running").asText(),
        o.path("proposal").asText(""),
        zones,
        options,
        o.required("spare_ticks").asLong(),
        o.required("safety_net").asBoolean());
  }

  private static String kind(Decision d) {
    if (d instanceof Decision.RunSpot) {
      return "spot";
    }
    if (d instanceof Decision.RunOnDemand) {
      return "on-demand";
    }
    if (d instanceof Decision.RunReserved) {
      return "reserved";
    }
    return d instanceof Decision.RunFlex ? "flex" : "wait";
  }

  private static String location(Decision d) {
    if (d instanceof Decision.RunSpot s) {
      return s.location();
    }
    if (d instanceof Decision.RunOnDemand od) {
      return od.location();
    }
    if (d instanceof Decision.RunReserved r) {
      return r.block();
    }
    return d instanceof Decision.RunFlex f ? f.offer() : "";
  }

  private static Decision decision(JsonNode d) {
    String kind = d.required("kind").asText();
    String at = d.path("location").asText("");
    String reason = d.required("reason").asText();
    return switch (kind) {
      case "spot" -> Decision.spot(at, reason);
      case "on-demand" -> Decision.onDemand(at, reason);
      case "reserved" -> Decision.reserved(at, reason);
      case "flex" -> Decision.flex(at, reason);
      case "wait" -> Decision.waiting(reason);
      default -> throw new IllegalArgumentException("unknown decision kind '" + kind + "'");
    };
  }
}
