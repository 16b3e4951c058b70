package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
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
 * Brings topology.conf up to date as a cloud task (it asks the providers for placement), one update
 * at a time; the pass does not wait for it, and skips it while the last is still running.
 */
final class TopologyUpdates {
  private final TopologyUpdater updater;
  private final CloudTasks tasks;
  private final Duration limit;
  private final AtomicReference<Future<?>> running =
      new AtomicReference<>(CompletableFuture.completedFuture(null));

  TopologyUpdates(TopologyUpdater updater, CloudTasks tasks, Duration limit) {
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
    return Optional.of(
        new TopologyUpdates(
            new TopologyUpdater(
                config.slurm().topology(),
                config.pools(),
                config.slurm().confDir().resolve(TopologyWriter.FILE),
                slurm,
                providers,
                clock,
                ReconfigureGate.of(config.slurm().version(), config.powerSave().resumeTimeout())),
            tasks,
            config.timeouts().list()));
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
