package dev.stratus.core.controller;

import dev.stratus.core.slurm.SlurmNode;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Remembers since when each node has been in a condition (e.g. POWERING_UP), across passes. A cache
 * that is safe to lose: after a restart the timers start again from the first pass.
 */
final class StateClock {
  private final Predicate<SlurmNode> condition;
  private final Map<String, Instant> since = new HashMap<>();

  StateClock(Predicate<SlurmNode> condition) {
    this.condition = condition;
  }

  /**
   * The controller put {@code nodes} in the condition itself at {@code at} (it set them DOWN):
   * their timers start then, not at the next pass that sees it.
   */
  synchronized void started(Collection<String> nodes, Instant at) {
    nodes.forEach(n -> since.putIfAbsent(n, at));
  }

  /** Updates with this pass's nodes and returns the start times of nodes in the condition now. */
  synchronized Map<String, Instant> observe(List<SlurmNode> nodes, Instant now) {
    Map<String, Instant> next = new HashMap<>();
    for (SlurmNode node : nodes) {
      if (condition.test(node)) {
        next.put(node.name(), since.getOrDefault(node.name(), now));
      }
    }
    since.clear();
    since.putAll(next);
    return Map.copyOf(next);
  }
}
