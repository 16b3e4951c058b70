package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.Constraint;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.hook.hostlist.Hostlist;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Lookups over one snapshot, built once per plan in linear time. An instance with a termination in
 * flight, or released earlier and still seen ({@link InFlight#leaving}), counts for no node; one
 * that this plan releases ({@link #release}) stops counting from then on, so a later resume of its
 * node in the same plan gets a fresh one.
 */
final class ClusterIndex {
  /** The last pool list's lookups: the same immutable list comes with every pass's snapshot. */
  private static volatile PoolLookups lastPools = new PoolLookups(List.of(), Map.of(), Map.of());

  private record PoolLookups(List<Pool> pools, Map<String, Pool> byName, Map<String, Pool> byNode) {
    static PoolLookups of(List<Pool> pools) {
      Map<String, Pool> byName = new HashMap<>();
      Map<String, Pool> byNode = new HashMap<>();
      for (Pool pool : pools) {
        byName.put(pool.name(), pool);
        for (String node : pool.nodeNames()) {
          byNode.put(node, pool);
        }
      }
      return new PoolLookups(
          pools, Collections.unmodifiableMap(byName), Collections.unmodifiableMap(byNode));
    }
  }

  private final Map<String, Pool> poolsByName;
  private final Map<String, Pool> poolsByNode;
  private final Map<String, SlurmNode> nodes;
  private final Map<String, List<Instance>> instancesByNode = new HashMap<>();
  private final List<Instance> untagged = new ArrayList<>();
  private final Map<String, List<Long>> jobsByNode = new HashMap<>();
  private final Set<String> released = new HashSet<>();
  private final Map<Long, Integer> restartsByJob = new HashMap<>();
  private final Map<Long, Constraint> constraintByJob = new HashMap<>();
  private final Map<Long, Duration> timeLimitByJob = new HashMap<>();

  private ClusterIndex(PoolLookups pools, int nodes) {
    this.poolsByName = pools.byName();
    this.poolsByNode = pools.byNode();
    this.nodes = new HashMap<>(nodes * 4 / 3 + 1);
  }

  static ClusterIndex of(Snapshot s) {
    PoolLookups pools = lastPools;
    if (pools.pools() != s.pools()) {
      pools = PoolLookups.of(s.pools());
      lastPools = pools;
    }
    ClusterIndex index = new ClusterIndex(pools, s.slurm().nodes().size());
    // One loop per method: the JIT compiles a hot loop on its own (on-stack replacement) and then
    // the method around it; with the three loops in one method it compiled all of it per loop.
    index.indexNodes(s.slurm().nodes());
    index.indexInstances(s.cloud().instances(), s.cloud().inFlight());
    index.indexJobs(s.slurm().jobs());
    return index;
  }

  private void indexNodes(List<SlurmNode> all) {
    for (SlurmNode node : all) {
      nodes.put(node.name(), node);
    }
  }

  private void indexInstances(List<Instance> instances, InFlight inFlight) {
    for (Instance instance : instances) {
      if (!instance.state().alive() || inFlight.leaving(instance.id())) {
        continue;
      }
      instance
          .nodeName()
          .ifPresentOrElse(
              n -> instancesByNode.computeIfAbsent(n, k -> new ArrayList<>()).add(instance),
              () -> untagged.add(instance));
    }
  }

  private void indexJobs(List<SlurmJob> jobs) {
    for (SlurmJob job : jobs) {
      restartsByJob.put(job.jobId(), job.restartCount());
      // Slurm accepted the job, so text this parser cannot read does not hold its launch back.
      constraintByJob.put(job.jobId(), Constraint.parse(job.constraint()).orElse(Constraint.NONE));
      job.accounting().timeLimit().ifPresent(t -> timeLimitByJob.put(job.jobId(), t));
      if (!job.finished() && !job.nodes().isEmpty()) {
        for (String n : Hostlist.expand(job.nodes())) {
          jobsByNode.computeIfAbsent(n, k -> new ArrayList<>()).add(job.jobId());
        }
      }
    }
  }

  /** How often Slurm requeued the job; 0 for an unknown job or none (job id 0). */
  int restartsOf(long job) {
    return restartsByJob.getOrDefault(job, 0);
  }

  /** The job's time limit; empty for none (INFINITE), no job (0) or an unknown job. */
  Optional<Duration> timeLimitOf(long job) {
    return Optional.ofNullable(timeLimitByJob.get(job));
  }

  /** The job's {@code --constraint}; {@link Constraint#NONE} for none or an unknown job. */
  Constraint constraintOf(long job) {
    return constraintByJob.getOrDefault(job, Constraint.NONE);
  }

  Pool pool(String name) {
    return poolsByName.get(name);
  }

  Pool poolOf(String node) {
    return poolsByNode.get(node);
  }

  SlurmNode node(String name) {
    return nodes.get(name);
  }

  Iterable<SlurmNode> nodes() {
    return nodes.values();
  }

  /** The node's alive instances that are neither being terminated nor released by this plan. */
  List<Instance> instancesOf(String node) {
    List<Instance> all = instancesByNode.getOrDefault(node, List.of());
    if (released.isEmpty()) {
      return all;
    }
    return all.stream().filter(i -> !released.contains(i.id())).toList();
  }

  /** This plan terminates these instances: from now on they count for no node. */
  void release(Collection<String> instanceIds) {
    released.addAll(instanceIds);
  }

  Map<String, List<Instance>> instancesByNode() {
    return instancesByNode;
  }

  List<Instance> untagged() {
    return untagged;
  }

  /** The first running job on a node (in Slurm's order), or 0. */
  long jobOn(String node) {
    List<Long> jobs = jobsOn(node);
    return jobs.isEmpty() ? 0L : jobs.get(0);
  }

  /** Every unfinished job on a node (a shared node runs several), in Slurm's order. */
  List<Long> jobsOn(String node) {
    return jobsByNode.getOrDefault(node, List.of());
  }
}
