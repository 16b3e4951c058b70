package dev.stratus.tests.support;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.slurm.CliSlurmClient;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Looks at the provider and Slurm every 300 ms while a scenario runs, from outside the controller:
 * every instance seen, every node seen with two live instances at once (a duplicate: the same
 * instance listing shows both), and every node Slurm gave up resuming ({@code ResumeTimeout}).
 */
public final class InstanceWatch implements AutoCloseable {
  public final Set<String> duplicates = ConcurrentHashMap.newKeySet();
  public final Set<String> everSeen = ConcurrentHashMap.newKeySet();
  public final Set<String> resumeTimeouts = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

  private InstanceWatch() {}

  public static InstanceWatch start(NodeProvider provider, CliSlurmClient slurm, String cluster) {
    return start(
        () ->
            provider.list(cluster).stream()
                .collect(
                    Collectors.groupingBy(
                        i -> i.tags().getOrDefault(Tags.NODE, "?"),
                        Collectors.mapping(Instance::id, Collectors.toList()))),
        slurm);
  }

  /** The same over {@code liveByNode}: each node's live instances, as a cloud model holds them. */
  public static InstanceWatch start(
      Supplier<Map<String, List<String>>> liveByNode, CliSlurmClient slurm) {
    InstanceWatch watch = new InstanceWatch();
    watch.timer.scheduleWithFixedDelay(
        () -> watch.look(liveByNode, slurm), 0, 300, TimeUnit.MILLISECONDS);
    return watch;
  }

  private void look(Supplier<Map<String, List<String>>> liveByNode, CliSlurmClient slurm) {
    try {
      liveByNode
          .get()
          .forEach(
              (node, ids) -> {
                everSeen.addAll(ids);
                if (ids.size() > 1) {
                  duplicates.add(node + " " + ids);
                }
              });
      slurm.nodes().stream()
          .filter(n -> n.reason().contains("ResumeTimeout"))
          .forEach(n -> resumeTimeouts.add(n.name()));
    } catch (RuntimeException e) {
      // a listing that races a launch, or a slow squeue, is read again 300 ms later
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
