package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import java.time.Duration;
import java.time.Instant;
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
   * admitted by the budgets, {@link BudgetGate}), running deadline jobs moved between spot and
   * on-demand ({@link DeadlineMoves}), work on windowed capacity moved before its end ({@link
   * WindowPlanner}), the bookkeeping of notices whose instance is gone, garbage collection and
   * bootstrap reports. The notices themselves are the notice lane's ({@link NoticePlanner#plan}).
   */
  public static List<Action> plan(Snapshot s) {
    ClusterIndex index = ClusterIndex.of(s);
    List<Action> actions = new ArrayList<>(BudgetGate.admit(s, index, planRequests(s, index)));
    actions.addAll(DeadlineMoves.plan(s, index));
    actions.addAll(WindowPlanner.plan(s));
    actions.addAll(NoticePlanner.collectGone(s));
    actions.addAll(RegistrationCheck.plan(s, index));
    actions.addAll(GarbageCollector.collect(s, index, requestedNodes(s), terminatedBy(actions)));
    actions.addAll(NodeFeatures.plan(s, index));
    actions.addAll(BootstrapFailures.plan(s.cloud().bootstrapReports(), s.cloud().instances()));
    return actions;
  }

  /**
   * Each hook request, in the order slurmctld made them: launches or terminations, then its Ack.
   */
  private static List<Action> planRequests(Snapshot s, ClusterIndex index) {
    List<Action> actions = new ArrayList<>();
    RequestOrder order = new RequestOrder(s.slurm().requests());
    Set<String> waiting = new HashSet<>();
    for (SpoolRequest request : order.ordered()) {
      if (waitsForListing(s, index, request, waiting)) {
        continue; // neither acted on nor acknowledged: a later pass that sees its nodes does both
      }
      switch (request.kind()) {
        case RESUME -> planResume(s, index, order, request, actions);
        case SUSPEND, RESUME_FAIL -> planRelease(index, request, actions);
      }
      actions.add(new Action.Ack(request.id(), request.kind().cliName() + " acted on"));
    }
    return actions;
  }

  /** Every node a hook request names, acted on this pass or not. */
  private static Set<String> requestedNodes(Snapshot s) {
    Set<String> requested = new HashSet<>();
    s.slurm().requests().forEach(r -> requested.addAll(r.nodes()));
    return requested;
  }

  /** The instances {@code actions} terminate. */
  private static Set<String> terminatedBy(List<Action> actions) {
    Set<String> ids = new HashSet<>();
    for (Action a : actions) {
      if (a instanceof Action.Terminate t) {
        ids.addAll(t.instanceIds());
      }
    }
    return ids;
  }

  /**
   * A SUSPEND or RESUME_FAIL naming a node whose provider was not listed this pass cannot know the
   * node's instance: acknowledged now, it would terminate nothing and the instance would stay,
   * still tagged with its node, to serve the next RESUME of that node (a node Slurm powered down
   * and up again must boot afresh). So it waits, and so does every later request naming one of its
   * nodes ({@code waiting}), in the order slurmctld made them.
   */
  private static boolean waitsForListing(
      Snapshot s, ClusterIndex index, SpoolRequest request, Set<String> waiting) {
    boolean waits =
        request.nodes().stream().anyMatch(waiting::contains)
            || (request.kind() != HookKind.RESUME
                && request.nodes().stream()
                    .map(index::poolOf)
                    .anyMatch(p -> p != null && GarbageCollector.unlisted(s, p)));
    if (waits) {
      waiting.addAll(request.nodes());
    }
    return waits;
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
        boolean served = !index.instancesOf(node).isEmpty() || s.cloud().inFlight().launching(node);
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
              s,
              pool,
              needed.size(),
              index.restartsOf(job),
              index.constraintOf(job),
              index.timeLimitOf(job),
              what);
      DeadlineChoice.Result deadline = DeadlineChoice.apply(s, pool, job, choice.candidates());
      deadline.status().ifPresent(actions::add);
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
              tokenSeed(request, job, pool, needed),
              what
                  + " needs "
                  + needed.size()
                  + " node(s) of pool "
                  + pool.name()
                  + deadline.reason().map(r -> "; " + r).orElse("")));
    }
  }

  /**
   * What the launch's client tokens derive from: the request, the job, the pool and exactly the
   * nodes launched. A replay of the same launch gets the same tokens, so a cloud answers it with
   * the first call's instances; a replay for fewer nodes (some were served meanwhile) is another
   * launch and gets other tokens: under the first ones a cloud refuses other parameters (EC2:
   * {@code IdempotentParameterMismatch}), which would fail the job's launch for good.
   */
  static String tokenSeed(SpoolRequest request, long job, Pool pool, List<String> nodes) {
    return request.id() + "/" + job + "/" + pool.name() + "/" + Hostlist.compress(nodes);
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
   * terminations ended, so its replay (after a crash, or the pass a launch's end asks for) can meet
   * the fresh instance of a resume Slurm made since, which it must leave alone.
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

  static boolean olderThan(Snapshot s, Instant since, Duration limit) {
    return since != null && !since.plus(limit).isAfter(s.now());
  }
}
