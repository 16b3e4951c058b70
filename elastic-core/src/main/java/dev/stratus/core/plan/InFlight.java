package dev.stratus.core.plan;

import java.util.Set;

/**
 * Cloud work that earlier passes started and that had not finished when the snapshot was taken: the
 * nodes with a launch in flight and the instances with a termination in flight. The planner
 * launches nothing for a node being launched, the garbage collector does not take such a node for
 * one whose instance is gone, and an instance being terminated counts for no node (so a resume of
 * its node gets a fresh one) and is not terminated twice.
 */
public record InFlight(Set<String> launchingNodes, Set<String> terminatingInstances) {
  public static final InFlight NONE = new InFlight(Set.of(), Set.of());

  public InFlight {
    launchingNodes = Set.copyOf(launchingNodes);
    terminatingInstances = Set.copyOf(terminatingInstances);
  }

  public boolean launching(String node) {
    return launchingNodes.contains(node);
  }

  public boolean terminating(String instanceId) {
    return terminatingInstances.contains(instanceId);
  }
}
