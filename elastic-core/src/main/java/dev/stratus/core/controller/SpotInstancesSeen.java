package dev.stratus.core.controller;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The spot instance bound to each node as of the previous pass ({@code
 * Snapshot.lastSpotInstances}): a spot instance that vanished without notice is gone from the
 * current list, and the planner needs its offering. A cache that is safe to lose: after a restart
 * the first such instance is simply not marked.
 */
final class SpotInstancesSeen {
  private volatile Map<String, Instance> lastPass = Map.of();

  Map<String, Instance> lastPass() {
    return lastPass;
  }

  /** Call at the end of each pass with the instances it listed. */
  void observe(List<Instance> instances) {
    Map<String, Instance> next = new HashMap<>();
    for (Instance i : instances) {
      if (i.state().alive() && i.offering().capacityType() == CapacityType.SPOT) {
        i.nodeName().ifPresent(node -> next.put(node, i));
      }
    }
    lastPass = Map.copyOf(next);
  }
}
