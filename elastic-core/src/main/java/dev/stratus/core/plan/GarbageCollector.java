package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.SlurmNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of every pass that makes the cloud and Slurm agree, whatever requests came in:
 *
 * <ul>
 *   <li>an instance bound to no node that wants one (or a second instance for one node) is
 *       terminated once it is older than the orphan grace, so launches in flight are safe;
 *   <li>an instance whose termination failed or was abandoned is terminated again ({@link
 *       InFlight#terminateAgain});
 *   <li>an instance the cloud reports {@link InstanceState#STOPPED} (stopped, suspended, failed)
 *       runs nothing yet still costs money: it is terminated once older than the orphan grace,
 *       whatever node it names (a launch in flight may still be deleting its own failed VM);
 *   <li>a powered-up node with no instance is set DOWN, so Slurm requeues its job now; if the
 *       previous pass saw a spot instance there and no notice came for it, the cloud reclaimed it
 *       without notice: its offering is marked unavailable (once: a noticed one already was);
 *   <li>a node POWERING_UP past its timeout is forced down (Slurm then suspends it: {@code idle~});
 *   <li>a node Stratus (or ResumeTimeout) set DOWN goes back to {@code idle~} after the down hold;
 *   <li>a node Stratus drained for an interruption notice is undrained once it is powered down.
 * </ul>
 *
 * Nodes of a pool whose provider could not be listed this pass are left alone, and so are nodes
 * with a launch in flight and instances with a termination in flight ({@link InFlight}).
 */
final class GarbageCollector {
  private GarbageCollector() {}

  /**
   * {@code requested}: nodes a hook request names this pass; {@code terminating}: instances the
   * pass's earlier steps already terminate.
   */
  static List<Action> collect(
      Snapshot s, ClusterIndex index, Set<String> requested, Set<String> terminating) {
    List<Action> out = new ArrayList<>();
    Set<String> alreadyTerminated = new HashSet<>(terminating);
    terminateAgain(s, alreadyTerminated, out);
    collectOrphans(s, index, alreadyTerminated, out);
    collectStopped(s, alreadyTerminated, out);
    // The node sweep is a method of its own, so that the JIT compiles its hot loop alone (on-stack
    // replacement) rather than all of collect.
    Sweep sweep = sweep(s, index, requested);
    List<String> noInstance = sweep.noInstance();
    List<String> stuck = sweep.stuck();
    List<String> toPowerDown = sweep.toPowerDown();
    List<String> toReturn = sweep.toReturn();
    List<String> toUndrain = sweep.toUndrain();
    if (!noInstance.isEmpty()) {
      Map<String, List<Long>> jobs = new LinkedHashMap<>();
      for (String node : noInstance) {
        if (!index.jobsOn(node).isEmpty()) {
          jobs.put(node, index.jobsOn(node));
        }
      }
      out.add(
          new Action.InstanceGone(
              noInstance, jobs, Reasons.of("instance gone (no instance behind node)")));
      markReclaimedWithoutNotice(s, noInstance, out);
    }
    if (!stuck.isEmpty()) {
      out.add(
          new Action.ForcePowerDown(
              stuck, Reasons.of("power up timed out after " + s.timeouts().powerUp())));
    }
    if (!toPowerDown.isEmpty()) {
      out.add(new Action.ForcePowerDown(toPowerDown, Reasons.of("down hold over: power down")));
    }
    if (!toUndrain.isEmpty()) {
      out.add(new Action.ReturnToService(toUndrain, "interruption handled: undrain"));
    }
    if (!toReturn.isEmpty()) {
      out.add(new Action.ReturnToService(toReturn, "down hold over: back to idle~"));
    }
    return out;
  }

  /** The nodes the sweep found, by what is to be done with them. */
  private record Sweep(
      List<String> noInstance,
      List<String> stuck,
      List<String> toPowerDown,
      List<String> toReturn,
      List<String> toUndrain) {}

  private static Sweep sweep(Snapshot s, ClusterIndex index, Set<String> requested) {
    Sweep sweep =
        new Sweep(
            new ArrayList<>(),
            new ArrayList<>(),
            new ArrayList<>(),
            new ArrayList<>(),
            new ArrayList<>());
    for (SlurmNode node : s.slurm().nodes()) {
      boolean ours = Reasons.ours(node.reason());
      boolean ourDown = ours && node.down();
      boolean drainedOff = ours && node.drained() && !node.down() && node.poweredDown();
      if (!drainedOff && !ourDown && !node.poweringUp() && !node.wantsInstance()) {
        continue; // powered down and not ours to undrain or return: nothing to collect
      }
      Pool pool = index.poolOf(node.name());
      if (pool == null || requested.contains(node.name()) || unlisted(s, pool)) {
        continue;
      }
      if (drainedOff) {
        // Drained by a notice and now powered down: the drain must go, or the slot stays unusable.
        sweep.toUndrain().add(node.name());
      } else if (ourDown) {
        if (Planner.olderThan(s, s.slurm().downSince().get(node.name()), s.timeouts().downHold())) {
          (node.poweredDown() ? sweep.toReturn() : sweep.toPowerDown()).add(node.name());
        }
      } else if (node.poweringUp()) {
        if (Planner.olderThan(
            s, s.slurm().poweringUpSince().get(node.name()), s.timeouts().powerUp())) {
          sweep.stuck().add(node.name());
        }
      } else if (node.wantsInstance()
          && !node.down()
          && index.instancesOf(node.name()).isEmpty()
          && !s.cloud().inFlight().launching(node.name())) {
        sweep.noInstance().add(node.name());
      }
    }
    return sweep;
  }

  private static void markReclaimedWithoutNotice(
      Snapshot s, List<String> noInstance, List<Action> out) {
    Set<String> noticed = new HashSet<>();
    s.notices().notices().forEach(p -> noticed.add(p.notice().instanceId()));
    Set<OfferingKey> marked = new HashSet<>();
    for (String node : noInstance) {
      Instance last = s.cloud().lastSpotInstances().get(node);
      if (last != null && !noticed.contains(last.id()) && marked.add(last.offering())) {
        out.add(
            new Action.MarkUnavailable(
                last.offering(),
                "spot instance " + last.id() + " of " + node + " vanished without notice"));
      }
    }
  }

  /**
   * Instances whose termination failed or was abandoned: terminated again, whatever their node
   * wants now (Slurm powered that node down; a resume since gets it a fresh instance).
   */
  private static void terminateAgain(Snapshot s, Set<String> alreadyTerminated, List<Action> out) {
    List<String> again = new ArrayList<>();
    for (Instance instance : s.cloud().instances()) {
      if (instance.state().alive()
          && s.cloud().inFlight().terminateAgain(instance.id())
          && alreadyTerminated.add(instance.id())) {
        again.add(instance.id());
      }
    }
    if (!again.isEmpty()) {
      out.add(new Action.Terminate(again, "released earlier; its termination failed: again"));
    }
  }

  private static void collectOrphans(
      Snapshot s, ClusterIndex index, Set<String> alreadyTerminated, List<Action> out) {
    List<String> orphans = new ArrayList<>();
    for (Instance instance : s.cloud().instances()) {
      if (!instance.state().alive()
          || alreadyTerminated.contains(instance.id())
          || s.cloud().inFlight().terminating(instance.id())
          || !Planner.olderThan(s, instance.launchedAt(), s.timeouts().orphanGrace())) {
        continue;
      }
      String node = instance.nodeName().orElse(null);
      SlurmNode slurm = node == null ? null : index.node(node);
      if (slurm == null || !slurm.wantsInstance() || !isKept(instance, index.instancesOf(node))) {
        orphans.add(instance.id());
      }
    }
    if (!orphans.isEmpty()) {
      out.add(new Action.Terminate(orphans, Action.Terminate.ORPHAN_REASON));
    }
  }

  private static void collectStopped(Snapshot s, Set<String> alreadyTerminated, List<Action> out) {
    List<String> stopped = new ArrayList<>();
    for (Instance instance : s.cloud().instances()) {
      if (instance.state() == InstanceState.STOPPED
          && !alreadyTerminated.contains(instance.id())
          && Planner.olderThan(s, instance.launchedAt(), s.timeouts().orphanGrace())) {
        stopped.add(instance.id());
      }
    }
    if (!stopped.isEmpty()) {
      out.add(
          new Action.Terminate(
              stopped, "stopped or failed at the cloud: runs nothing, still costs (disks)"));
    }
  }

  /** Of several live instances for one node, the oldest is kept (ties: smallest id). */
  private static boolean isKept(Instance instance, List<Instance> forNode) {
    Instance kept = null;
    for (Instance other : forNode) {
      if (kept == null || OLDEST_FIRST.compare(other, kept) < 0) {
        kept = other;
      }
    }
    return kept == null || kept.id().equals(instance.id());
  }

  private static final Comparator<Instance> OLDEST_FIRST =
      Comparator.comparing(Instance::launchedAt).thenComparing(Instance::id);

  /** True when a provider of the pool's offerings was not listed this pass. */
  static boolean unlisted(Snapshot s, Pool pool) {
    return !s.cloud().unlistedProviders().isEmpty()
        && pool.offerings().stream()
            .anyMatch(o -> s.cloud().unlistedProviders().contains(o.provider()));
  }
}
