package dev.stratus.simulator.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The one-line JSON form of a {@link Summary}, with the field names. */
public final class JsonReport {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonReport() {}

  public static String line(Summary s) {
    ObjectNode root = JSON.createObjectNode();
    root.put("mode", s.mode());
    s.traces().forEach(root.putArray("traces")::add);
    root.put("samples", s.samples());
    ObjectNode policies = root.putObject("policies");
    s.policies()
        .forEach(
            (name, p) -> {
              ObjectNode o = policies.putObject(name);
              o.put("spot_hours", p.spotHours());
              o.put("on_demand_hours", p.onDemandHours());
              o.put("cost_usd", p.costUsd());
              o.put("cost_vs_on_demand", p.costVsOnDemand());
              o.put("deadline_misses", p.deadlineMisses());
              o.put("spot_vs_omniscient", p.spotVsOmniscient());
              o.put("cost_vs_omniscient", p.costVsOmniscient());
              o.put("spot_util", p.spotUtil());
            });
    return root.toString();
  }
}
