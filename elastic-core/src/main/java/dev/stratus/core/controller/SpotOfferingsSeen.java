package dev.stratus.core.controller;

import dev.stratus.core.model.CapacityType;
import dev.stratus.core.model.Instance;
import dev.stratus.core.model.OfferingKey;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The spot offering behind each node as of the last pass. A spot instance that vanishes without a
 * notice (the cloud reclaimed it and its notice never reached the controller) is gone from the
 * current list, so the offering it came from is looked up here: it is marked unavailable like one
 * reclaimed with notice. A cache that is safe to lose: after a restart the first vanished instance
 * is simply not marked.
 */
final class SpotOfferingsSeen {
  private Map<String, OfferingKey> lastPass = Map.of();

  /** The spot offering of the node's instance in the previous pass, if it was one. */
  Optional<OfferingKey> of(String node) {
    return Optional.ofNullable(lastPass.get(node));
  }

  /** Call at the end of each pass with the instances it listed. */
  void observe(List<Instance> instances) {
    Map<String, OfferingKey> next = new HashMap<>();
    for (Instance i : instances) {
      if (i.state().alive() && i.offering().capacityType() == CapacityType.SPOT) {
        i.nodeName().ifPresent(node -> next.put(node, i.offering()));
      }
    }
    lastPass = Map.copyOf(next);
  }
}
