package dev.stratus.cli;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.DeadlineBoard;
import dev.stratus.core.plan.DeadlineStatus;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.daemon.ProviderRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code stratus status --config F}: pools, nodes, instances, the deadline jobs' latest decisions
 * (what the controller wrote to {@code <stateDir>/deadlines.json}) and any mismatch.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = "Show pools, Slurm nodes, provider instances and mismatches.")
public final class StatusCommand implements Callable<Integer> {
  @Mixin ConfigOption config;

  @Override
  public Integer call() {
    Optional<StratusConfig> loaded = config.load();
    if (loaded.isEmpty()) {
      return 2;
    }
    StratusConfig cfg = loaded.get();
    var slurm = new CliSlurmClient(cfg.slurm().binDir(), cfg.slurm().slurmConf());
    List<Instance> instances = new ArrayList<>();
    for (NodeProvider provider : ProviderRegistry.create(cfg, Clock.systemUTC()).values()) {
      // Not closed: closing the local provider may remove its bridge, and status must change
      // nothing.
      instances.addAll(provider.list(cfg.cluster()));
    }
    StatusReport report =
        StatusReport.of(
            cfg.cluster(),
            cfg.pools(),
            slurm.nodes(),
            instances,
            deadlines(cfg),
            Clock.systemUTC().instant());
    report.lines().forEach(System.out::println);
    return report.mismatches().isEmpty() ? 0 : 1;
  }

  /** The controller's latest deadline decisions; none, said on stderr, when unreadable. */
  private static List<DeadlineStatus> deadlines(StratusConfig cfg) {
    try {
      return DeadlineBoard.read(cfg.stateDir());
    } catch (IllegalArgumentException e) {
      System.err.println("stratus status: deadline decisions not shown: " + e.getMessage());
      return List.of();
    }
  }
}
