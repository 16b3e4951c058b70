package dev.stratus.core.metrics;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What one reconcile pass saw, reduced to the figures its gauges show; a pure function of the
 * pass's snapshot (taken at its start: a launch shows from the next pass) and plan. Every
 * configured pool (and each capacity type and provider its offerings use, and its partition) has a
 * row, 0 when empty, so a series exists from the first pass instead of appearing with the first
 * instance.
 *
 * <ul>
 *   <li>{@code instances}, {@code gpus}: live instances (pending or running at the provider) and
 *       their GPUs ({@link Pool#gpusPerNode}), by pool, capacity type and provider;
 *   <li>{@code pendingGpus}, {@code pendingJobs}: GPUs asked by jobs waiting for nodes, by
 *       partition and {@link Waiting}; a job submitted to several partitions counts once, in the
 *       first that Stratus serves;
 *   <li>{@code poweringUp}: nodes POWERING_UP by pool; {@code stuckPoweringUp}: those past {@code
 *       timeouts.powerUp} (this pass forces them down);
 *   <li>{@code orphans}: instances this pass terminates because no powered-up node is bound to them
 *       (past {@code timeouts.orphanGrace}).
 * </ul>
 */
public record PassFigures(
    Map<Capacity, Integer> instances,
    Map<Capacity, Integer> gpus,
    Map<Demand, Integer> pendingGpus,
    Map<Demand, Integer> pendingJobs,
    Map<String, Integer> poweringUp,
    Map<String, Integer> stuckPoweringUp,
    int orphans) {

  /** Where capacity runs. {@code capacityType}: {@code on_demand} or {@code spot}. */
  public record Capacity(String pool, String capacityType, String provider) {}

  /** A partition's jobs in one waiting state. */
  public record Demand(String partition, Waiting state) {}

  /**
   * {@code PENDING}: no nodes allocated yet (Slurm's PENDING, except jobs held, waiting on a
   * dependency or a begin time: those wait for something other than nodes); {@code CONFIGURING}:
   * nodes allocated and powering up for it.
   */
  public enum Waiting {
    PENDING,
    CONFIGURING;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public PassFigures {
    instances = Map.copyOf(instances);
    gpus = Map.copyOf(gpus);
    pendingGpus = Map.copyOf(pendingGpus);
    pendingJobs = Map.copyOf(pendingJobs);
    poweringUp = Map.copyOf(poweringUp);
    stuckPoweringUp = Map.copyOf(stuckPoweringUp);
  }

  public static PassFigures of(Snapshot s, List<Action> plan) {
    Map<Capacity, Integer> instances = new HashMap<>();
    Map<Capacity, Integer> gpus = new HashMap<>();
    Map<Demand, Integer> pendingGpus = new HashMap<>();
    Map<Demand, Integer> pendingJobs = new HashMap<>();
    Map<String, Integer> poweringUp = new HashMap<>();
    Map<String, Integer> stuck = new HashMap<>();
    for (Pool pool : s.pools()) {
      for (Offering o : pool.offerings()) {
        Capacity c = new Capacity(pool.name(), label(o.key().capacityType()), o.provider());
        instances.put(c, 0);
        gpus.put(c, 0);
      }
      for (Waiting w : Waiting.values()) {
        pendingGpus.put(new Demand(pool.partition(), w), 0);
        pendingJobs.put(new Demand(pool.partition(), w), 0);
      }
      poweringUp.put(pool.name(), 0);
      stuck.put(pool.name(), 0);
    }
    for (Instance i : s.cloud().instances()) {
      if (i.state().alive()) {
        String pool = i.pool().orElse("");
        Capacity c = new Capacity(pool, label(i.offering().capacityType()), i.provider());
        instances.merge(c, 1, Integer::sum);
        gpus.merge(c, gpusPerNode(s, pool), Integer::sum);
      }
    }
    for (SlurmJob job : s.slurm().jobs()) {
      Optional<Waiting> waiting = waiting(job);
      Optional<String> partition = servedPartition(s, job);
      if (waiting.isPresent() && partition.isPresent()) {
        Demand d = new Demand(partition.get(), waiting.get());
        pendingGpus.merge(d, job.gpus(), Integer::sum);
        pendingJobs.merge(d, 1, Integer::sum);
      }
    }
    for (SlurmNode node : s.slurm().nodes()) {
      if (!node.poweringUp()) {
        continue; // most nodes: no need to find their pool
      }
      Optional<Pool> pool = s.pools().stream().filter(p -> p.owns(node.name())).findFirst();
      if (pool.isPresent()) {
        poweringUp.merge(pool.get().name(), 1, Integer::sum);
        Instant since = s.slurm().poweringUpSince().get(node.name());
        if (since != null && !since.plus(s.timeouts().powerUp()).isAfter(s.now())) {
          stuck.merge(pool.get().name(), 1, Integer::sum);
        }
      }
    }
    int orphans = 0;
    for (Action a : plan) {
      if (a instanceof Action.Terminate t && t.orphans()) {
        orphans += t.instanceIds().size();
      }
    }
    return new PassFigures(instances, gpus, pendingGpus, pendingJobs, poweringUp, stuck, orphans);
  }

  static Optional<Waiting> waiting(SlurmJob job) {
    if (job.state().equals("CONFIGURING")) {
      return Optional.of(Waiting.CONFIGURING);
    }
    String reason = job.reason();
    boolean waitsForOtherThanNodes =
        reason.startsWith("Dependency")
            || reason.startsWith("JobHeld")
            || reason.equals("BeginTime");
    return job.pending() && !waitsForOtherThanNodes
        ? Optional.of(Waiting.PENDING)
        : Optional.empty();
  }

  /** The first of the job's partitions (squeue lists them comma separated) a pool serves. */
  private static Optional<String> servedPartition(Snapshot s, SlurmJob job) {
    for (String p : job.partition().split(",")) {
      if (s.pools().stream().anyMatch(pool -> pool.partition().equals(p.strip()))) {
        return Optional.of(p.strip());
      }
    }
    return Optional.empty();
  }

  private static int gpusPerNode(Snapshot s, String pool) {
    return s.pools().stream()
        .filter(p -> p.name().equals(pool))
        .mapToInt(Pool::gpusPerNode)
        .findFirst()
        .orElse(0);
  }

  static String label(CapacityType type) {
    return type.name().toLowerCase(Locale.ROOT);
  }
}
