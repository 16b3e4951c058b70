package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.core.plan.InFlight;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The launches and terminations this controller started and has not seen finish: a node is
 * launching from the moment its launch is handed to the cloud tasks until the launch's outcome has
 * been acted on (nodes set DOWN on failure), so a pass never sees it neither launching nor settled.
 * An instance asked to terminate stays <em>released</em> (with its provider) until a listing of
 * that provider no longer shows it alive, and is marked failed while its last termination failed or
 * was abandoned: so a lingering instance never serves its node again and is terminated again.
 * Forgotten on restart (the next controller sees such an instance as its node's, until GC takes it
 * as an orphan once the node is powered down).
 *
 * <p>Safe from any thread: concurrent sets and maps; {@link #snapshot} copies them for one plan.
 */
final class InFlightWork {
  private final Set<String> launchingNodes = ConcurrentHashMap.newKeySet();
  private final Set<String> terminating = ConcurrentHashMap.newKeySet();
  private final Map<String, String> releasedByProvider = new ConcurrentHashMap<>();
  private final Set<String> failed = ConcurrentHashMap.newKeySet();

  InFlight snapshot() {
    return new InFlight(
        Set.copyOf(launchingNodes),
        Set.copyOf(terminating),
        Set.copyOf(releasedByProvider.keySet()),
        Set.copyOf(failed));
  }

  boolean anyLaunching(Collection<String> nodes) {
    return nodes.stream().anyMatch(launchingNodes::contains);
  }

  boolean anyTerminating(Collection<String> instanceIds) {
    return instanceIds.stream().anyMatch(terminating::contains);
  }

  void launchStarted(Collection<String> nodes) {
    launchingNodes.addAll(nodes);
  }

  void launchEnded(Collection<String> nodes) {
    launchingNodes.removeAll(nodes);
  }

  void terminationStarted(String provider, Collection<String> instanceIds) {
    instanceIds.forEach(id -> releasedByProvider.put(id, provider));
    terminating.addAll(instanceIds);
  }

  /** {@code accepted}: the cloud took the termination; otherwise it failed or was abandoned. */
  void terminationEnded(Collection<String> instanceIds, boolean accepted) {
    if (accepted) {
      failed.removeAll(instanceIds);
    } else {
      failed.addAll(instanceIds);
    }
    terminating.removeAll(instanceIds);
  }

  /**
   * A listing of every provider but {@code unlisted} found {@code instances}: a released instance
   * of a listed provider that is not among them alive is gone, and forgotten.
   */
  void listed(List<Instance> instances, Set<String> unlisted) {
    Set<String> alive = new HashSet<>();
    instances.stream().filter(i -> i.state().alive()).forEach(i -> alive.add(i.id()));
    releasedByProvider.forEach(
        (id, provider) -> {
          if (!unlisted.contains(provider) && !alive.contains(id) && !terminating.contains(id)) {
            releasedByProvider.remove(id, provider);
            failed.remove(id);
          }
        });
  }
}
