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
import java.util.LinkedHashSet;
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
   * The reconcile pass's plan: hook requests in the order slurmctld made them (their launches
   * admitted by the budgets, {@link BudgetGate}), the bookkeeping of notices whose instance is
   * gone, garbage collection and bootstrap reports. The notices themselves are the notice lane's
   * ({@link NoticePlanner#plan}).
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
    BudgetGate.admit(s, index, actions);
    NoticePlanner.collectGone(s, actions);
    RegistrationCheck.plan(s, index, actions);
    GarbageCollector.collect(s, index, requested, actions);
    NodeFeatures.plan(s, index, actions);
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
    // One group per job, whatever pools its nodes are in: all of a job's nodes launch together in
    // one offering (one provider and zone), or not at all. Nodes resumed for no job (job 0) have
    // nothing to keep together: one group per pool.
    Map<String, List<String>> groups = new LinkedHashMap<>();
    List<String> orphanNodes = new ArrayList<>();
    for (String node : request.nodes()) {
      Pool pool = index.poolOf(node);
      if (pool == null) {
        orphanNodes.add(node);
        continue;
      }
      long job = jobOfNode.getOrDefault(node, index.jobOn(node));
      String group = job > 0 ? Long.toString(job) : "0\u0000" + pool.name();
      groups.computeIfAbsent(group, k -> new ArrayList<>()).add(node);
    }
    if (!orphanNodes.isEmpty()) {
      actions.add(new Action.SetDown(orphanNodes, Reasons.of("node is in no Stratus pool")));
    }
    for (var entry : groups.entrySet()) {
      long job = Long.parseLong(entry.getKey().split("\u0000")[0]);
      List<String> needed = new ArrayList<>();
      Set<Pool> pools = new LinkedHashSet<>();
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
          pools.add(index.poolOf(node));
        }
      }
      if (needed.isEmpty()) {
        continue;
      }
      String what = job > 0 ? "job " + job : "power-up request";
      if (pools.size() > 1) {
        actions.add(new Action.SetDown(needed, Reasons.of(spansPools(what, pools))));
        continue;
      }
      Pool pool = pools.iterator().next();
      OfferingChoice choice =
          OfferingChoice.of(
              s, pool, needed.size(), index.restartsOf(job), index.constraintOf(job), what);
      DeadlineChoice.Result deadline = DeadlineChoice.apply(s, pool, job, choice.candidates());
      List<Offering> candidates = deadline.candidates();
      if (candidates.isEmpty()) {
        actions.add(
            new Action.SetDown(needed, Reasons.of(deadline.reason().orElse(choice.whyNone()))));
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
              what
                  + " needs "
                  + needed.size()
                  + " node(s) of pool "
                  + pool.name()
                  + deadline.reason().map(r -> "; " + r).orElse("")));
    }
  }

  /**
   * Slurm gave one job nodes of several pools. Their offerings differ, so launching each pool's
   * part would split the job across instance types, zones or clouds: refused (Slurm requeues the
   * job). A valid config prevents it (a partition with several pools needs topology/tree, under
   * which each pool is a switch tree of its own).
   */
  private static String spansPools(String what, Set<Pool> pools) {
    return what
        + " got nodes of pools "
        + String.join(", ", pools.stream().map(Pool::name).toList())
        + ", which cannot launch together in one provider and zone: give each pool its own"
        + " partition, or set slurm.topology: tree";
  }

  /**
   * Terminates the instances the request releases: those of its nodes launched before Slurm made
   * it. A later instance is a later resume's: a release request stays in the spool until its
   * terminations ended, so its replay (after a crash, or the pass a launch's end asks for) can
   * meet the fresh instance of a resume Slurm made since, which it must leave alone.
   */
  private static void planRelease(ClusterIndex index, SpoolRequest request, List<Action> actions) {
    List<String> ids = new ArrayList<>();
    for (String node : request.nodes()) {
      for (Instance instance : index.instancesOf(node)) {
        if (instance.launchedAt().isBefore(request.receivedAt())) {
          ids.add(instance.id());
        }
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

  static boolean olderThan(Snapshot s, java.time.Instant since, Duration limit) {
    return since != null && !since.plus(limit).isAfter(s.now());
  }
}
