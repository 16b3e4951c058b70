package dev.stratus.core.testing;

import dev.stratus.core.slurm.SlurmAccounting;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * An in-memory slurmctld for controller tests: holds nodes and jobs, applies Stratus's updates the
 * way Slurm 22.05 does for CLOUD nodes (DOWN keeps the power flags; resume on a DOWN powered-down
 * node gives {@code idle~}; power_down_force goes straight to powered down here), holds and
 * releases jobs as 22.05 does (docs/slurm-facts.md), and records calls.
 */
public final class FakeSlurm implements SlurmClient, SlurmAccounting {
  private final Map<String, SlurmNode> nodes = new LinkedHashMap<>();
  private final List<SlurmJob> jobs = new ArrayList<>();
  private final List<String> calls = new ArrayList<>();
  private final Map<String, Map<String, String>> topologies = new LinkedHashMap<>();
  private RuntimeException nextReconfigureError;
  private final Deque<RuntimeException> nextRequeueErrors = new ArrayDeque<>();

  public synchronized FakeSlurm cloudNodes(Collection<String> names) {
    for (String n : names) {
      nodes.put(n, node(n, "idle", Set.of("CLOUD", "POWERED_DOWN"), ""));
    }
    return this;
  }

  /** slurmctld allocated the node to a job and called the resume program. */
  public synchronized void poweringUp(String name) {
    nodes.put(name, node(name, "mixed", Set.of("CLOUD", "POWERING_UP"), ""));
  }

  /** The node's slurmd registered. */
  public synchronized void registered(String name) {
    nodes.put(name, node(name, "allocated", Set.of("CLOUD"), ""));
  }

  public synchronized void put(SlurmNode node) {
    nodes.put(node.name(), node);
  }

  public synchronized void addJob(SlurmJob job) {
    jobs.add(job);
  }

  public synchronized void removeJob(long jobId) {
    jobs.removeIf(j -> j.jobId() == jobId);
  }

  public synchronized SlurmNode node(String name) {
    return nodes.get(name);
  }

  public synchronized List<String> calls() {
    return List.copyOf(calls);
  }

  @Override
  public synchronized List<SlurmNode> nodes() {
    return List.copyOf(nodes.values());
  }

  @Override
  public synchronized List<SlurmJob> jobs() {
    return List.copyOf(jobs);
  }

  @Override
  public synchronized void setDown(Collection<String> names, String reason) {
    calls.add("down " + names + " " + reason);
    for (String n : names) {
      SlurmNode old = nodes.get(n);
      Set<String> flags = new HashSet<>(old.flags());
      flags.remove("POWERING_UP");
      nodes.put(n, node(n, "down", flags, reason));
    }
  }

  @Override
  public synchronized void resume(Collection<String> names) {
    calls.add("resume " + names);
    for (String n : names) {
      SlurmNode old = nodes.get(n);
      nodes.put(n, node(n, "idle", old.flags(), ""));
    }
  }

  @Override
  public synchronized void powerDownForce(Collection<String> names, String reason) {
    calls.add("power_down_force " + names + " " + reason);
    for (String n : names) {
      SlurmNode old = nodes.get(n);
      nodes.put(n, node(n, old.state(), Set.of("CLOUD", "POWERED_DOWN"), reason));
    }
  }

  @Override
  public synchronized void drain(Collection<String> names, String reason) {
    calls.add("drain " + names + " " + reason);
  }

  @Override
  public synchronized void requeue(long jobId) {
    RuntimeException error = nextRequeueErrors.poll();
    if (error != null) {
      calls.add("requeue " + jobId + " failed");
      throw error;
    }
    calls.add("requeue " + jobId);
  }

  @Override
  public synchronized void hold(long jobId, String reason) {
    calls.add("hold " + jobId + " " + reason);
    replace(jobId, j -> held(j, "JobHeldAdmin", j.nodes(), j.restartCount(), reason));
  }

  @Override
  public synchronized void requeueHold(long jobId, String reason) {
    calls.add("requeuehold " + jobId + " " + reason);
    replace(jobId, j -> held(j, "job_requeued_in_held_state", "", j.restartCount() + 1, reason));
  }

  @Override
  public synchronized void release(long jobId, String note) {
    calls.add("release " + jobId + " " + note);
    replace(jobId, j -> held(j, "Priority", j.nodes(), j.restartCount(), note));
  }

  @Override
  public synchronized void recordCost(long jobId, String text) {
    calls.add("cost " + jobId + " " + text);
  }

  @Override
  public synchronized void note(long jobId, String text) {
    calls.add("note " + jobId + " " + text);
  }

  @Override
  public synchronized void cancel(long jobId, String reason) {
    calls.add("cancel " + jobId + " " + reason);
    jobs.removeIf(j -> j.jobId() == jobId);
  }

  private void replace(long jobId, UnaryOperator<SlurmJob> change) {
    jobs.replaceAll(j -> j.jobId() == jobId ? change.apply(j) : j);
  }

  /** The job pending with {@code reason} and its AdminComment set to {@code comment}. */
  private static SlurmJob held(
      SlurmJob j, String reason, String nodes, int restarts, String comment) {
    SlurmJob.Accounting a = j.accounting();
    return new SlurmJob(
        j.jobId(),
        j.name(),
        "PENDING",
        reason,
        j.partition(),
        nodes,
        j.nodeCount(),
        j.gresPerNode(),
        restarts,
        j.requeue(),
        j.started(),
        new SlurmJob.Accounting(a.user(), a.account(), a.timeLimit(), a.ended(), comment),
        j.constraint());
  }

  /** The next requeue throws this (recorded as {@code requeue JOB failed}). */
  public synchronized void failNextRequeue(RuntimeException error) {
    nextRequeueErrors.add(error);
  }

  @Override
  public synchronized void signalBatch(long jobId, String signal) {
    calls.add("signal " + jobId + " " + signal);
  }

  @Override
  public synchronized void setFeatures(Collection<String> names, Collection<String> features) {
    calls.add("features " + names + " " + features);
    for (String n : names) {
      SlurmNode old = nodes.get(n);
      nodes.put(
          n,
          new SlurmNode(
              n,
              old.state(),
              old.flags(),
              old.reason(),
              old.address(),
              old.gres(),
              old.partitions(),
              Set.copyOf(features),
              Set.copyOf(features)));
    }
  }

  @Override
  public synchronized void reconfigure() {
    calls.add("reconfigure");
    RuntimeException error = nextReconfigureError;
    nextReconfigureError = null;
    if (error != null) {
      throw error;
    }
  }

  @Override
  public synchronized Map<String, String> topologyLeaves(String name) {
    calls.add("show topology " + name);
    return Map.copyOf(topologies.getOrDefault(name, Map.of()));
  }

  /**
   * As slurmctld 26.05 does: the nodes move to the path's last switch (made if missing); a path
   * whose first switch the topology does not have is refused.
   */
  @Override
  public synchronized void setTopology(
      Collection<String> names, String topology, List<String> switchPath) {
    calls.add(
        "topology "
            + String.join(",", new TreeSet<>(names))
            + " "
            + topology
            + ":"
            + String.join(":", switchPath));
    Map<String, String> leaves = topologies.computeIfAbsent(topology, k -> new LinkedHashMap<>());
    names.forEach(n -> leaves.put(n, switchPath.get(switchPath.size() - 1)));
  }

  /** Slurm's topology {@code name} now holds {@code leafOf} (what topology.yaml said). */
  public synchronized void placeInTopology(String name, Map<String, String> leafOf) {
    topologies.computeIfAbsent(name, k -> new LinkedHashMap<>()).putAll(leafOf);
  }

  /** The next reconfigure throws this (after being recorded as a call). */
  public synchronized void failNextReconfigure(RuntimeException error) {
    nextReconfigureError = error;
  }

  /** The node in a new state; its features stay, as in Slurm. */
  private SlurmNode node(String name, String state, Set<String> flags, String reason) {
    SlurmNode old = nodes.get(name);
    return new SlurmNode(
        name,
        state,
        flags,
        reason,
        "",
        "",
        List.of(),
        old == null ? Set.of() : old.availableFeatures(),
        old == null ? Set.of() : old.activeFeatures());
  }
}
