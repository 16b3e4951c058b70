package dev.stratus.core.controller;

import dev.stratus.core.plan.InFlight;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The launches and terminations this controller started and has not seen finish: a node is
 * launching from the moment its launch is handed to the cloud tasks until the launch's outcome has
 * been acted on (nodes set DOWN on failure), so a pass never sees it neither launching nor settled.
 * Safe from any thread: concurrent sets; {@link #snapshot} copies them for one plan.
 */
final class InFlightWork {
  private final Set<String> launchingNodes = ConcurrentHashMap.newKeySet();
  private final Set<String> terminating = ConcurrentHashMap.newKeySet();

  InFlight snapshot() {
    return new InFlight(Set.copyOf(launchingNodes), Set.copyOf(terminating));
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

  void terminationStarted(Collection<String> instanceIds) {
    terminating.addAll(instanceIds);
  }

  void terminationEnded(Collection<String> instanceIds) {
    terminating.removeAll(instanceIds);
  }
}
