package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the providers said about where each instance sits, so a pass asks only about instances it
 * knows nothing of. A running instance never moves in the clouds' networks (Stratus terminates
 * nodes, it never stops and restarts them), so an answer holds for the instance's whole life. An
 * instance the provider had no placement for (types without topology data, a GCP VM outside a
 * compact placement) is asked again only after {@link #RETRY}, so those do not cost a cloud call on
 * every pass. Only running instances are asked: a pending one has no placement yet.
 */
final class PlacementCache {
  static final Duration RETRY = Duration.ofMinutes(1);

  private final Map<String, List<String>> pathOf = new HashMap<>();
  private final Map<String, Instant> unplacedSince = new HashMap<>();

  /** The running instances with a node to ask about now, given what is still alive. */
  List<Instance> toAsk(List<Instance> alive, Instant now) {
    Set<String> ids = alive.stream().map(Instance::id).collect(Collectors.toSet());
    pathOf.keySet().retainAll(ids);
    unplacedSince.keySet().retainAll(ids);
    return alive.stream()
        .filter(i -> i.state() == InstanceState.RUNNING && i.nodeName().isPresent())
        .filter(i -> !pathOf.containsKey(i.id()))
        .filter(i -> !unplacedSince.containsKey(i.id()) || !now.isBefore(retryAt(i.id())))
        .toList();
  }

  /** Records a provider's answer for {@code asked}; instances missing from it stay unplaced. */
  void answered(List<Instance> asked, Map<String, List<String>> answer, Instant now) {
    for (Instance i : asked) {
      List<String> path = answer.get(i.id());
      if (path == null || path.isEmpty()) {
        unplacedSince.put(i.id(), now);
      } else {
        pathOf.put(i.id(), List.copyOf(path));
        unplacedSince.remove(i.id());
      }
    }
  }

  /**
   * Switch path per node name for the given instances. When two instances claim one node (a
   * relaunch while the old one is still being deleted), the newer one's placement counts.
   */
  Map<String, List<String>> nodePaths(List<Instance> alive) {
    Map<String, List<String>> paths = new HashMap<>();
    alive.stream()
        .filter(i -> pathOf.containsKey(i.id()) && i.nodeName().isPresent())
        .sorted(Comparator.comparing(Instance::launchedAt))
        .forEach(i -> paths.put(i.nodeName().get(), pathOf.get(i.id())));
    return paths;
  }

  private Instant retryAt(String id) {
    return unplacedSince.get(id).plus(RETRY);
  }
}
