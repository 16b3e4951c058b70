package dev.stratus.core.plan;

import dev.stratus.core.hostlist.Hostlist;
import dev.stratus.core.model.Instance;
import dev.stratus.core.model.Pool;
import dev.stratus.core.slurm.Constraint;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Lookups over one snapshot, built once per plan in linear time. */
final class ClusterIndex {
  private final Map<String, Pool> poolsByName = new HashMap<>();
  private final Map<String, Pool> poolsByNode = new HashMap<>();
  private final Map<String, SlurmNode> nodes = new HashMap<>();
  private final Map<String, List<Instance>> instancesByNode = new HashMap<>();
  private final List<Instance> untagged = new ArrayList<>();
  private final Map<String, Long> jobByNode = new HashMap<>();
  private final Map<Long, Integer> restartsByJob = new HashMap<>();
  private final Map<Long, Constraint> constraintByJob = new HashMap<>();

  static ClusterIndex of(Snapshot s) {
    ClusterIndex index = new ClusterIndex();
    for (Pool pool : s.pools()) {
      index.poolsByName.put(pool.name(), pool);
      for (String node : pool.nodeNames()) {
        index.poolsByNode.put(node, pool);
      }
    }
    for (SlurmNode node : s.nodes()) {
      index.nodes.put(node.name(), node);
    }
    for (Instance instance : s.instances()) {
      if (!instance.state().alive()) {
        continue;
      }
      instance
          .nodeName()
          .ifPresentOrElse(
              n -> index.instancesByNode.computeIfAbsent(n, k -> new ArrayList<>()).add(instance),
              () -> index.untagged.add(instance));
    }
    for (SlurmJob job : s.jobs()) {
      index.restartsByJob.put(job.jobId(), job.restartCount());
      // Slurm accepted the job, so text this parser cannot read does not hold its launch back.
      index.constraintByJob.put(
          job.jobId(), Constraint.parse(job.constraint()).orElse(Constraint.NONE));
      if (!job.finished() && !job.nodes().isEmpty()) {
        for (String n : Hostlist.expand(job.nodes())) {
          index.jobByNode.put(n, job.jobId());
        }
      }
    }
    return index;
  }

  /** How often Slurm requeued the job; 0 for an unknown job or none (job id 0). */
  int restartsOf(long job) {
    return restartsByJob.getOrDefault(job, 0);
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

  List<Instance> instancesOf(String node) {
    return instancesByNode.getOrDefault(node, List.of());
  }

  Map<String, List<Instance>> instancesByNode() {
    return instancesByNode;
  }

  List<Instance> untagged() {
    return untagged;
  }

  /** The running job on a node, or 0. */
  long jobOn(String node) {
    return jobByNode.getOrDefault(node, 0L);
  }
}
