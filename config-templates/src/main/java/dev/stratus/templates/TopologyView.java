package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.text;
import static dev.stratus.templates.ViewChecks.word;

import java.util.List;

/**
 * topology.conf for {@code TopologyPlugin=topology/tree}: one line per switch, leaves listing their
 * nodes (a hostlist), inner switches their child switches (comma-separated names).
 */
public record TopologyView(List<TopologyView.Switch> switches) {
  public TopologyView {
    switches = List.copyOf(switches);
  }

  /** A switch with either nodes or children ("" for none). */
  public record Switch(String name, String nodes, String children) {
    public Switch {
      word("name", name);
      text("nodes", nodes);
      text("children", children);
      if (nodes.isEmpty() == children.isEmpty()) {
        throw new IllegalArgumentException(
            "switch " + name + " needs either nodes or child switches, not both or neither");
      }
    }
  }
}
