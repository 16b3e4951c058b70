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
              WindowedSummary w = p.windowed();
              if (w != null) {
                o.put("flex_hours", w.flexHours());
                o.put("flex_usd", w.flexUsd());
                if (w.blockUsd() != null) {
                  o.put("block_hours", w.blockHours());
                  o.put("block_held_instance_hours", w.blockHeldHours());
                  o.put("block_idle_instance_hours", w.blockIdleHours());
                  o.put("block_usd", w.blockUsd());
                  o.put("block_cost_share", w.blockCostShare());
                  o.put("total_with_block_usd", w.totalWithBlockUsd());
                  o.put("total_without_block_usd", w.totalWithoutBlockUsd());
                  o.put("block_saves_usd", w.blockSavesUsd());
                }
              }
            });
    return root.toString();
  }
}
