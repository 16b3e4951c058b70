package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.render.TopologyWriter;
import dev.stratus.core.slurm.SlurmClient;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Brings the topology up to date as a cloud task (it asks the providers for placement), one update
 * at a time; the pass does not wait for it, and skips it while the last is still running. A tree on
 * Slurm 25.05 and later moves nodes in slurmctld ({@link NodeTopologyUpdater}); otherwise the file
 * is rewritten and slurmctld reconfigured ({@link TopologyUpdater}).
 */
final class TopologyUpdates {
  private final TopologyPass updater;
  private final CloudTasks tasks;
  private final Duration limit;
  private final AtomicReference<Future<?>> running =
      new AtomicReference<>(CompletableFuture.completedFuture(null));

  TopologyUpdates(TopologyPass updater, CloudTasks tasks, Duration limit) {
    this.updater = updater;
    this.tasks = tasks;
    this.limit = limit;
  }

  /**
   * With {@code slurm.topology: tree} or {@code block}, the updates of {@code config}'s
   * topology.conf.
   */
  static Optional<TopologyUpdates> forConfig(
      StratusConfig config,
      SlurmClient slurm,
      Map<String, NodeProvider> providers,
      CloudTasks tasks,
      Clock clock) {
    if (!config.slurm().topology().controllerWrites()) {
      return Optional.empty();
    }
    SlurmSettings slurmSettings = config.slurm();
    TopologyPass pass =
        slurmSettings.version().takesTopologyYaml()
                && slurmSettings.topology() == SlurmSettings.Topology.TREE
            ? new NodeTopologyUpdater(config.pools(), slurm, providers, clock)
            : new TopologyUpdater(
                slurmSettings.version(),
                slurmSettings.topology(),
                config.pools(),
                slurmSettings.confDir().resolve(TopologyWriter.fileFor(slurmSettings.version())),
                slurm,
                providers,
                clock,
                ReconfigureGate.of(slurmSettings.version(), config.powerSave().resumeTimeout()));
    return Optional.of(new TopologyUpdates(pass, tasks, config.timeouts().list()));
  }

  void start(List<Instance> instances, Set<String> unlisted) {
    if (!running.get().isDone()) {
      return;
    }
    running.set(
        tasks.submit(
            new CloudTasks.Lane("topology", "placement"),
            CloudTasks.Kind.PLACEMENT,
            "topology update",
            limit,
            () -> {
              updater.update(instances, unlisted);
              return null;
            }));
  }
}
