package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PlacementAware;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.render.TopologyWriter;
import dev.stratus.core.slurm.SlurmClient;
import java.io.IOException;
import java.nio.file.Path;
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
 * Keeps topology.conf (topology/tree or topology/block) in line with where the providers placed the
 * running nodes; the controller's only writer of that file. Each pass asks every {@link
 * PlacementAware} provider at most once, and only about instances {@link PlacementCache} has no
 * answer for; builds the file with {@link TopologyWriter#render} (switches or blocks; nodes without
 * placement under {@code <pool>-unplaced}); writes it only when its text changed and only then runs
 * {@code scontrol reconfigure} (again on later passes until one succeeds).
 *
 * <p>When a placement-aware provider could not be listed or its placement call failed, the old file
 * stays as it is for that pass: its nodes would otherwise jump to their unplaced switch and back,
 * with a reconfigure each way. Never throws: topology only helps the scheduler, the pass goes on.
 * Not thread-safe: the controller runs one update at a time, as a cloud task.
 */
public final class TopologyUpdater {
  private static final Logger log = LoggerFactory.getLogger(TopologyUpdater.class);

  private final SlurmSettings.Topology kind;
  private final List<Pool> pools;
  private final Path file;
  private final SlurmClient slurm;
  private final Map<String, NodeProvider> providers;
  private final Clock clock;
  private final PlacementCache cache = new PlacementCache();
  private final ReconfigureGate gate;
  private Optional<Instant> changedAt = Optional.empty();

  public TopologyUpdater(
      SlurmSettings.Topology kind,
      List<Pool> pools,
      Path file,
      SlurmClient slurm,
      Map<String, NodeProvider> providers,
      Clock clock,
      ReconfigureGate gate) {
    this.kind = kind;
    this.pools = List.copyOf(pools);
    this.file = file;
    this.slurm = slurm;
    this.providers = Map.copyOf(providers);
    this.clock = clock;
    this.gate = gate;
  }

  /**
   * One pass: {@code instances} as listed this pass; {@code unlisted} names the providers whose
   * list failed.
   */
  public void update(List<Instance> instances, Set<String> unlisted) {
    List<Instance> alive = instances.stream().filter(i -> i.state().alive()).toList();
    if (askProviders(alive, unlisted)) {
      write(alive);
    }
    if (changedAt.isPresent()) {
      if (gate.open(changedAt.get(), clock.instant(), slurm::jobs)) {
        reconfigure();
      } else {
        log.debug("scontrol reconfigure waits: a job is CONFIGURING (its boot-wait prolog runs)");
      }
    }
  }

  /** False when the placement is not complete this pass and the old file must stay. */
  private boolean askProviders(List<Instance> alive, Set<String> unlisted) {
    for (String name : unlisted) {
      if (providers.get(name) instanceof PlacementAware) {
        log.debug("{} could not be listed: topology.conf left as it is this pass", name);
        return false;
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
            "placement of {} instance(s) from {} failed, topology.conf left as it is: {}",
            entry.getValue().size(),
            entry.getKey(),
            e.getMessage());
        return false;
      }
    }
    return true;
  }

  private void write(List<Instance> alive) {
    Map<String, List<String>> paths = cache.nodePaths(alive);
    try {
      if (TopologyWriter.writeIfChanged(TopologyWriter.render(kind, pools, paths), file)) {
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
