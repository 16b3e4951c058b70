package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.config.SlurmVersion;
import dev.stratus.core.render.TopologyWriter;
import dev.stratus.core.slurm.SlurmClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps topology.conf (topology/tree or topology/block; from Slurm 25.05 the blocks of
 * topology.yaml) in line with where the providers placed the running nodes ({@link
 * PlacementAsker}); the controller's only writer of that file. Builds the file with {@link
 * TopologyWriter#render} (switches or blocks; nodes without placement under {@code
 * <pool>-unplaced}); writes it only when its text changed and only then runs {@code scontrol
 * reconfigure} (again on later passes until one succeeds). While the placement is incomplete the
 * old file stays. Never throws: topology only helps the scheduler, the pass goes on. Not
 * thread-safe: the controller runs one update at a time, as a cloud task. A tree on 25.05 and later
 * is {@link NodeTopologyUpdater}'s instead.
 */
public final class TopologyUpdater implements TopologyPass {
  private static final Logger log = LoggerFactory.getLogger(TopologyUpdater.class);

  private final SlurmVersion version;
  private final SlurmSettings.Topology kind;
  private final List<Pool> pools;
  private final Path file;
  private final SlurmClient slurm;
  private final Clock clock;
  private final PlacementAsker placement;
  private final ReconfigureGate gate;
  private Optional<Instant> changedAt = Optional.empty();

  public TopologyUpdater(
      SlurmVersion version,
      SlurmSettings.Topology kind,
      List<Pool> pools,
      Path file,
      SlurmClient slurm,
      Map<String, NodeProvider> providers,
      Clock clock,
      ReconfigureGate gate) {
    this.version = version;
    this.kind = kind;
    this.pools = List.copyOf(pools);
    this.file = file;
    this.slurm = slurm;
    this.clock = clock;
    this.placement = new PlacementAsker(providers, clock);
    this.gate = gate;
  }

  @Override
  public void update(List<Instance> instances, Set<String> unlisted) {
    List<Instance> alive = instances.stream().filter(i -> i.state().alive()).toList();
    placement.nodePaths(alive, unlisted).ifPresent(this::write);
    if (changedAt.isPresent()) {
      if (gate.open(changedAt.get(), clock.instant(), slurm::jobs)) {
        reconfigure();
      } else {
        log.debug("scontrol reconfigure waits: a job is CONFIGURING (its boot-wait prolog runs)");
      }
    }
  }

  private void write(Map<String, List<String>> paths) {
    try {
      if (TopologyWriter.writeIfChanged(TopologyWriter.render(version, kind, pools, paths), file)) {
        log.info("{} rewritten: {} node(s) placed by their provider", file, paths.size());
        changedAt = changedAt.or(() -> Optional.of(clock.instant()));
      }
    } catch (IOException | RuntimeException e) {
      log.warn("cannot write {}: {}", file, e.toString());
    }
  }

  private void reconfigure() {
    try {
      slurm.reconfigure();
      changedAt = Optional.empty();
    } catch (RuntimeException e) {
      log.warn(
          "scontrol reconfigure after a topology change failed (tried again next pass): {}",
          e.getMessage());
    }
  }
}
