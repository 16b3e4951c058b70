package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.SweepsOwnResources;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The garbage collection of what providers create besides instances ({@link SweepsOwnResources}),
 * started once per pass after its actions as a cloud task on the provider's own sweep lane; the
 * pass does not wait for it. A provider whose list failed this pass is skipped (without its live
 * instances nothing can be known unused), and so is one whose previous sweep is still running. A
 * sweep that fails is logged: leftovers cost little and the next pass tries again. Safe from any
 * thread.
 */
final class ResourceSweeps {
  private static final Logger log = LoggerFactory.getLogger(ResourceSweeps.class);

  private final CloudTasks tasks;
  private final Duration limit;
  private final Map<String, CompletableFuture<?>> running = new ConcurrentHashMap<>();

  ResourceSweeps(CloudTasks tasks, Duration limit) {
    this.tasks = tasks;
    this.limit = limit;
  }

  void start(
      Collection<NodeProvider> providers,
      String cluster,
      List<Instance> instances,
      Set<String> unlisted) {
    for (NodeProvider provider : providers) {
      if (!(provider instanceof SweepsOwnResources sweeper) || unlisted.contains(provider.name())) {
        continue;
      }
      CompletableFuture<?> before = running.get(provider.name());
      if (before != null && !before.isDone()) {
        continue;
      }
      List<Instance> live =
          instances.stream().filter(i -> i.provider().equals(provider.name())).toList();
      CompletableFuture<?> sweep =
          tasks
              .submit(
                  new CloudTasks.Lane(provider.name(), "sweep"),
                  CloudTasks.Kind.SWEEP,
                  "sweep of cluster " + cluster,
                  limit,
                  () -> {
                    sweeper.sweep(cluster, live);
                    return null;
                  })
              .whenComplete(
                  (ok, e) -> {
                    if (e != null && !CloudTasks.abandoned(e)) {
                      log.warn(
                          "sweeping {}'s leftovers failed: {}", provider.name(), e.getMessage());
                    }
                  });
      running.put(provider.name(), sweep);
    }
  }
}
