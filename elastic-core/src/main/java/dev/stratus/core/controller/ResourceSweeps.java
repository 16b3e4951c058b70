package dev.stratus.core.controller;

import dev.stratus.core.model.Instance;
import dev.stratus.core.spi.NodeProvider;
import dev.stratus.core.spi.SweepsOwnResources;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The garbage collection of what providers create besides instances ({@link SweepsOwnResources}),
 * once per pass after its actions. A provider whose list failed this pass is skipped: without its
 * live instances nothing can be known unused. A sweep that fails is logged and the pass goes on:
 * leftovers cost little and the next pass tries again.
 */
final class ResourceSweeps {
  private static final Logger log = LoggerFactory.getLogger(ResourceSweeps.class);

  private ResourceSweeps() {}

  static void run(
      Collection<NodeProvider> providers,
      String cluster,
      List<Instance> instances,
      Set<String> unlisted) {
    for (NodeProvider provider : providers) {
      if (provider instanceof SweepsOwnResources sweeper && !unlisted.contains(provider.name())) {
        List<Instance> live =
            instances.stream().filter(i -> i.provider().equals(provider.name())).toList();
        try {
          sweeper.sweep(cluster, live);
        } catch (RuntimeException e) {
          log.warn("sweeping {}'s leftovers failed: {}", provider.name(), e.getMessage());
        }
      }
    }
  }
}
