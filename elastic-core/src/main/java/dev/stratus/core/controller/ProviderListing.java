package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lists every provider's instances of the cluster at once, each as a cloud task on the provider's
 * own listing lane with the list time limit, and waits for all of them: a pass waits at most that
 * limit for its view of the clouds. A provider whose list failed or ran past the limit is named in
 * {@link Listed#unlisted} and its nodes are left alone this pass (a failed list is never read as
 * "no instances"). Stateless: the pass calls it, the calls run on the cloud tasks' threads.
 */
final class ProviderListing {
  private static final Logger log = LoggerFactory.getLogger(ProviderListing.class);

  record Listed(List<Instance> instances, Set<String> unlisted) {
    Listed {
      instances = List.copyOf(instances);
      unlisted = Set.copyOf(unlisted);
    }
  }

  private ProviderListing() {}

  static Listed list(
      Collection<NodeProvider> providers, String cluster, CloudTasks tasks, Duration limit) {
    Map<String, CompletableFuture<List<Instance>>> running = new LinkedHashMap<>();
    for (NodeProvider provider : providers) {
      running.put(
          provider.name(),
          tasks.submit(
              new CloudTasks.Lane(provider.name(), "list"),
              CloudTasks.Kind.LIST,
              "listing of cluster " + cluster,
              limit,
              () -> provider.list(cluster)));
    }
    List<Instance> instances = new ArrayList<>();
    Set<String> unlisted = new HashSet<>();
    running.forEach(
        (provider, listing) -> {
          try {
            instances.addAll(listing.join());
          } catch (CompletionException | CancellationException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            unlisted.add(provider);
            if (CloudTasks.abandoned(cause)) {
              return; // CloudTasks said so, once; its nodes are left alone this pass all the same
            }
            log.warn(
                "cannot list instances of {}: {} (its nodes are left alone)",
                provider,
                cause.getMessage());
          }
        });
    return new Listed(instances, unlisted);
  }
}
