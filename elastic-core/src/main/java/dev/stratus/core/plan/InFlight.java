package dev.stratus.core.plan;

import java.util.Set;

/**
 * Cloud work that earlier passes started and that had not finished when the snapshot was taken: the
 * nodes with a launch in flight, the instances with a termination in flight, and the instances this
 * controller asked to terminate that a listing still showed afterwards ({@code released}), among
 * them those whose last termination failed or was abandoned ({@code terminationFailed}).
 *
 * <p>The planner launches nothing for a node being launched, and the garbage collector does not
 * take such a node for one whose instance is gone. An instance being terminated or released counts
 * for no node, so a resume of its node gets a fresh one: a node Slurm powered down and up again
 * must never be served by the instance it was powered down from, even when that instance's
 * termination failed and it lingers. Such an instance is not terminated twice at once, and one
 * whose termination failed is terminated again.
 */
public record InFlight(
    Set<String> launchingNodes,
    Set<String> terminatingInstances,
    Set<String> releasedInstances,
    Set<String> terminationFailed) {
  public static final InFlight NONE = new InFlight(Set.of(), Set.of());

  public InFlight {
    launchingNodes = Set.copyOf(launchingNodes);
    terminatingInstances = Set.copyOf(terminatingInstances);
    releasedInstances = Set.copyOf(releasedInstances);
    terminationFailed = Set.copyOf(terminationFailed);
  }

  /** Launches and terminations in flight, nothing released before. */
  public InFlight(Set<String> launchingNodes, Set<String> terminatingInstances) {
    this(launchingNodes, terminatingInstances, Set.of(), Set.of());
  }

  public boolean launching(String node) {
    return launchingNodes.contains(node);
  }

  public boolean terminating(String instanceId) {
    return terminatingInstances.contains(instanceId);
  }

  /** True when the instance must serve no node: being terminated, or released and still seen. */
  public boolean leaving(String instanceId) {
    return terminatingInstances.contains(instanceId) || releasedInstances.contains(instanceId);
  }

  /** True when the instance's last termination failed and none is in flight: try it again. */
  public boolean terminateAgain(String instanceId) {
    return terminationFailed.contains(instanceId) && !terminatingInstances.contains(instanceId);
  }
}
