package dev.stratus.tests.support;

import dev.stratus.core.model.Instance;
import dev.stratus.core.model.Tags;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.spi.NodeProvider;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
    InstanceWatch watch = new InstanceWatch();
    watch.timer.scheduleWithFixedDelay(
        () -> watch.look(provider, slurm, cluster), 0, 300, TimeUnit.MILLISECONDS);
    return watch;
  }

  private void look(NodeProvider provider, CliSlurmClient slurm, String cluster) {
    try {
      List<Instance> live = provider.list(cluster);
      live.forEach(i -> everSeen.add(i.id()));
      live.stream()
          .collect(Collectors.groupingBy(i -> i.tags().getOrDefault(Tags.NODE, "?")))
          .forEach(
              (node, instances) -> {
                if (instances.size() > 1) {
                  duplicates.add(node + " " + instances.stream().map(Instance::id).toList());
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
