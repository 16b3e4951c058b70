package dev.stratus.core.plan;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.policy.Decision;
import dev.stratus.policy.Placement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The deadline step of a reconcile pass for jobs that already run (pure): asks the policy about
 * each running deadline job, where it runs now, and moves it when the answer is the other capacity
 * type: to spot when it is ahead of schedule and spot is usable, to on-demand when its spot is no
 * longer usable and the deadline needs it. A move is a {@link Action.MoveJob}: the notice chain
 * (checkpoint signal, requeue, release of its nodes), after which the resume asks the policy again
 * and launches what it chooses.
 *
 * <p>Guards, so that a job does not flap or pay for a move it cannot make: the policy's own
 * hysteresis (Uniform Progress keeps on-demand until the job is ahead by two changeovers; the
 * Stratus policy leaves on-demand only when the slack pays for the way back); a job's instances
 * must have run {@link #hold} (one decision interval, and at least two changeovers) before it is
 * moved; a move needs a usable offering of the new type in the job's pool (for spot, one proved
 * since its last failure, not one being probed); a move to on-demand needs the budgets' admission
 * ({@link BudgetGate#refuses}); a policy that would wait never stops a running job; a job sharing a
 * node with another job, or any of whose instances has a notice being acted on, is left alone. A
 * running job is asked once per decision interval (the policy's answer changes with the interval,
 * not with the pass; {@link DeadlineContext#decidedThisInterval}); each decision is reported
 * ({@link Action.DeadlineDecided}), moved or not.
 */
final class DeadlineMoves {
  private DeadlineMoves() {}

  static List<Action> plan(Snapshot s, ClusterIndex index) {
    List<Action> actions = new ArrayList<>();
    if (s.money().deadlines().jobs().isEmpty()) {
      return actions;
    }
    Set<String> noticed =
        s.notices().notices().stream()
            .map(p -> p.notice().instanceId())
            .collect(Collectors.toSet());
    for (SlurmJob job : s.slurm().jobs()) {
      Optional<JobDeadline> d = s.money().deadlines().of(job.jobId());
      if (d.isPresent()
          && job.state().equals("RUNNING")
          && !job.nodes().isEmpty()
          && !s.money().deadlines().decidedThisInterval(job.jobId(), s.now())) {
        plan(s, index, job, d.get(), noticed, actions);
      }
    }
    return actions;
  }

  private static void plan(
      Snapshot s,
      ClusterIndex index,
      SlurmJob job,
      JobDeadline d,
      Set<String> noticed,
      List<Action> actions) {
    List<String> nodes = Hostlist.expand(job.nodes());
    Pool pool = index.poolOf(nodes.get(0));
    List<Instance> instances = new ArrayList<>();
    for (String node : nodes) {
      List<Instance> on = index.instancesOf(node);
      if (index.poolOf(node) != pool || on.size() != 1 || index.jobsOn(node).size() != 1) {
        return; // not Stratus's, still booting, or shared: nothing to move as one
      }
      instances.add(on.get(0));
    }
    if (pool == null
        || instances.stream().map(Instance::offering).distinct().count() != 1
        || instances.stream().anyMatch(i -> noticed.contains(i.id()))) {
      return;
    }
    Instance first = instances.get(0);
    CapacityType now = first.offering().capacityType();
    if (now.windowed()) {
      return; // on a block or flex: already the cheapest place it fits; WindowPlanner moves it
    }
    Instant since = instances.stream().map(Instance::launchedAt).max(Instant::compareTo).get();
    Placement here = new Placement(DeadlineAsk.locationOf(first.offering()), now, since);
    String what = "job " + job.jobId();
    List<Offering> usable =
        OfferingChoice.of(
                s,
                pool,
                nodes.size(),
                index.restartsOf(job.jobId()),
                index.constraintOf(job.jobId()),
                index.timeLimitOf(job.jobId()),
                what)
            .candidates();
    Optional<DeadlineAsk.Asked> asked = DeadlineAsk.ask(s, pool, d, usable, Optional.of(here));
    if (asked.isEmpty()) {
      return;
    }
    Decision decision = asked.get().decision();
    String running = capacity(now) + " at " + here.location();
    Optional<CapacityType> wanted =
        decision instanceof Decision.RunSpot
            ? Optional.of(CapacityType.SPOT)
            : decision instanceof Decision.RunOnDemand
                ? Optional.of(CapacityType.ON_DEMAND)
                : Optional.empty();
    Optional<String> stay =
        wanted.isEmpty() || wanted.get() == now
            ? Optional.of(wanted.isEmpty() ? "a running job is not stopped to wait" : "")
            : obstacle(s, job, pool, usable, wanted.get(), since, nodes.size());
    String why = asked.get().why();
    if (stay.isPresent()) {
      String reason = stay.get().isEmpty() ? why : why + "; stays: " + stay.get();
      actions.add(
          new Action.DeadlineDecided(
              DeadlineStatus.of(
                  job.jobId(),
                  "stay on " + capacity(now),
                  here.location(),
                  running,
                  reason,
                  d,
                  s.now()),
              asked.get().explain()));
      return;
    }
    String to = capacity(wanted.get());
    String reason = what + " moves from " + running + " to " + to + ": " + why;
    actions.add(
        new Action.DeadlineDecided(
            DeadlineStatus.of(
                job.jobId(), "move to " + to, location(decision), running, reason, d, s.now()),
            asked.get().explain()));
    actions.add(
        new Action.MoveJob(
            job.jobId(), instances.stream().map(Instance::id).toList(), wanted.get(), reason));
  }

  /** Why the job cannot move to {@code to} now; empty when it can. */
  private static Optional<String> obstacle(
      Snapshot s,
      SlurmJob job,
      Pool pool,
      List<Offering> usable,
      CapacityType to,
      Instant since,
      int nodes) {
    // A probing spot offering is unproven: a running job is not bet on it (a launch for a new
    // job proves it first).
    List<Offering> target =
        usable.stream()
            .filter(o -> o.capacityType() == to)
            .filter(o -> to != CapacityType.SPOT || !s.cloud().probing().contains(o.key()))
            .toList();
    if (target.isEmpty()) {
      return Optional.of(
          "no " + capacity(to) + " offering of pool " + pool.name() + " is usable and proved");
    }
    Duration ran = Duration.between(since, s.now());
    Duration hold = hold(s.money().deadlines());
    if (ran.compareTo(hold) < 0) {
      return Optional.of(
          "its instances ran "
              + ran.toSeconds()
              + " s, a move waits until they ran "
              + hold.toSeconds()
              + " s");
    }
    if (to == CapacityType.ON_DEMAND) {
      return BudgetGate.refuses(s, job, pool.name(), nodes, target);
    }
    return Optional.empty();
  }

  /**
   * How long a job's instances run before it may be moved: a decision interval, and at least two
   * changeovers (a move costs one, and one short life on the new capacity another).
   */
  static Duration hold(DeadlineContext ctx) {
    Duration twoChangeovers = ctx.changeover().multipliedBy(2);
    return twoChangeovers.compareTo(ctx.interval()) > 0 ? twoChangeovers : ctx.interval();
  }

  private static String location(Decision decision) {
    if (decision instanceof Decision.RunSpot spot) {
      return spot.location();
    }
    return decision instanceof Decision.RunOnDemand od ? od.location() : "";
  }

  private static String capacity(CapacityType type) {
    return type == CapacityType.SPOT ? "spot" : "on-demand";
  }
}
