package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PlacementAware;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the providers placed the running nodes, for the topology updaters: each pass asks every
 * {@link PlacementAware} provider at most once, and only about instances {@link PlacementCache} has
 * no answer for. Empty when the placement is not complete this pass (a placement-aware provider
 * could not be listed, or its placement call failed): the caller then changes nothing, or its nodes
 * would jump to their unplaced switch and back. Not thread-safe.
 */
final class PlacementAsker {
  private static final Logger log = LoggerFactory.getLogger(PlacementAsker.class);

  private final Map<String, NodeProvider> providers;
  private final Clock clock;
  private final PlacementCache cache = new PlacementCache();

  PlacementAsker(Map<String, NodeProvider> providers, Clock clock) {
    this.providers = Map.copyOf(providers);
    this.clock = clock;
  }

  /**
   * Each placed node's switch path from the top, of {@code alive}; {@code unlisted} names the
   * providers whose list failed this pass.
   */
  Optional<Map<String, List<String>>> nodePaths(List<Instance> alive, Set<String> unlisted) {
    for (String name : unlisted) {
      if (providers.get(name) instanceof PlacementAware) {
        log.debug("{} could not be listed: topology left as it is this pass", name);
        return Optional.empty();
      }
    }
    Instant now = clock.instant();
    Map<String, List<Instance>> byProvider =
        cache.toAsk(alive, now).stream()
            .collect(
                Collectors.groupingBy(Instance::provider, LinkedHashMap::new, Collectors.toList()));
    for (var entry : byProvider.entrySet()) {
      if (!(providers.get(entry.getKey()) instanceof PlacementAware provider)) {
        cache.answered(entry.getValue(), Map.of(), now);
        continue;
      }
      try {
        cache.answered(entry.getValue(), provider.placement(entry.getValue()), now);
      } catch (RuntimeException e) {
        log.warn(
            "placement of {} instance(s) from {} failed, topology left as it is: {}",
            entry.getValue().size(),
            entry.getKey(),
            e.getMessage());
        return Optional.empty();
      }
    }
    return Optional.of(cache.nodePaths(alive));
  }
}
