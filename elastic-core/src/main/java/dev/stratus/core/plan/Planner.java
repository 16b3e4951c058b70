package dev.stratus.core.plan;

import dev.stratus.core.hostlist.Hostlist;
import dev.stratus.core.model.Instance;
import dev.stratus.core.model.Offering;
import dev.stratus.core.model.Pool;
import dev.stratus.core.slurm.ResumeFile;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.spool.SpoolRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pure policy: a {@link Snapshot} in, the {@link Action}s to take out. The same snapshot always
 * gives the same actions; nothing here does I/O or reads a clock.
 */
public final class Planner {
  private Planner() {}

  /**
   * The reconcile pass's plan: hook requests in the order slurmctld made them, the bookkeeping of
   * notices whose instance is gone, garbage collection and bootstrap reports. The notices
   * themselves are the notice lane's ({@link NoticePlanner#plan}).
   */
  public static List<Action> plan(Snapshot s) {
    ClusterIndex index = ClusterIndex.of(s);
    List<Action> actions = new ArrayList<>();
    Set<String> requested = new HashSet<>();
    RequestOrder order = new RequestOrder(s.requests());
    for (SpoolRequest request : order.ordered()) {
      requested.addAll(request.nodes());
      switch (request.kind()) {
        case RESUME -> planResume(s, index, order, request, actions);
        case SUSPEND, RESUME_FAIL -> planRelease(index, request, actions);
      }
      actions.add(new Action.Ack(request.id(), request.kind().cliName() + " acted on"));
    }
    NoticePlanner.collectGone(s, actions);
    GarbageCollector.collect(s, index, requested, actions);
    actions.addAll(BootstrapFailures.plan(s.bootstrapReports(), s.instances()));
    return actions;
  }

  private static void planResume(
      Snapshot s,
      ClusterIndex index,
      RequestOrder order,
      SpoolRequest request,
      List<Action> actions) {
    Map<String, Long> jobOfNode = new LinkedHashMap<>();
    for (ResumeFile.JobNodes job : request.jobs()) {
      for (String node : Hostlist.expand(job.nodes())) {
        jobOfNode.put(node, job.jobId());
      }
    }
    // One group per (job, pool): all of a job's nodes in a pool launch together in one offering.
    Map<String, List<String>> groups = new LinkedHashMap<>();
    List<String> orphanNodes = new ArrayList<>();
    for (String node : request.nodes()) {
      Pool pool = index.poolOf(node);
      if (pool == null) {
        orphanNodes.add(node);
        continue;
      }
      long job = jobOfNode.getOrDefault(node, index.jobOn(node));
      groups.computeIfAbsent(job + "\u0000" + pool.name(), k -> new ArrayList<>()).add(node);
    }
    if (!orphanNodes.isEmpty()) {
      actions.add(new Action.SetDown(orphanNodes, Reasons.of("node is in no Stratus pool")));
    }
    for (var entry : groups.entrySet()) {
      String[] key = entry.getKey().split("\u0000");
      long job = Long.parseLong(key[0]);
      Pool pool = index.pool(key[1]);
      List<String> needed = new ArrayList<>();
      for (String node : entry.getValue()) {
        SlurmNode slurm = index.node(node);
        // A node set DOWN (its launch failed; Slurm requeued the job) wants nothing until Slurm
        // resumes it again: the replay of its request only acknowledges it.
        boolean stillWanted =
            (slurm == null || (slurm.wantsInstance() && !slurm.down()))
                && order.isLastFor(node, request);
        boolean served = !index.instancesOf(node).isEmpty() || s.inFlight().launching(node);
        if (stillWanted && !served) {
          needed.add(node);
        }
      }
      if (needed.isEmpty()) {
        continue;
      }
      List<Offering> candidates = candidates(s, pool, needed.size(), index.restartsOf(job));
      String what = job > 0 ? "job " + job : "power-up request";
      if (candidates.isEmpty()) {
        actions.add(
            new Action.SetDown(
                needed, Reasons.of("no offering of pool " + pool.name() + " has capacity now")));
        continue;
      }
      actions.add(
          new Action.Launch(
              request.id(),
              pool.name(),
              job,
              needed,
              candidates,
              request.id() + "/" + job + "/" + pool.name(),
              what + " needs " + needed.size() + " node(s) of pool " + pool.name()));
    }
  }

  private static void planRelease(ClusterIndex index, SpoolRequest request, List<Action> actions) {
    List<String> ids = new ArrayList<>();
    for (String node : request.nodes()) {
      for (Instance instance : index.instancesOf(node)) {
        ids.add(instance.id());
      }
    }
    if (!ids.isEmpty()) {
      index.release(ids);
      actions.add(
          new Action.Terminate(
              ids,
              "slurm "
                  + request.kind().cliName()
                  + " of "
                  + Hostlist.compressSorted(request.nodes())));
    }
  }

  /**
   * The pool's offerings in its spot policy's order (spot first, then cheapest first; ties keep the
   * config's order), without those inside their unavailable TTL: after a reclaim that is another
   * zone, type or cloud, then on-demand. A probing offering (TTL over, not yet proved) takes a
   * single-node launch as its probe; a multi-node launch goes there only after every proved
   * offering, so a big job never waits for a small one to probe. {@code restarts}: how often Slurm
   * requeued the job.
   */
  static List<Offering> candidates(Snapshot s, Pool pool, int nodes, int restarts) {
    List<Offering> usable =
        pool.spotPolicy()
            .order(
                pool.offerings().stream().filter(o -> !s.unavailable().contains(o.key())).toList(),
                restarts);
    if (nodes == 1) {
      return usable;
    }
    List<Offering> ordered = new ArrayList<>();
    usable.stream().filter(o -> !s.probing().contains(o.key())).forEach(ordered::add);
    usable.stream().filter(o -> s.probing().contains(o.key())).forEach(ordered::add);
    return ordered;
  }

  static boolean olderThan(Snapshot s, java.time.Instant since, Duration limit) {
    return since != null && !since.plus(limit).isAfter(s.now());
  }
}
