package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.notice.HealthInbox;
import dev.stratus.core.notice.NoticeInbox;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.GpuHealthPlanner;
import dev.stratus.core.plan.NodeHealth;
import dev.stratus.core.plan.NoticePlanner;
import dev.stratus.core.plan.PendingNotice;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;

/**
 * One run of the notice lane: plans every held notice's next step ({@link NoticePlanner}) from the
 * instances last seen ({@link InstanceView}) and a fresh {@code squeue}, and carries it out at once
 * through the shared {@link Actuator}. Lists no cloud and waits for no pass. Runs never overlap (a
 * lock, in case a caller other than the lane's thread runs one); a pass may run meanwhile.
 */
final class NoticeRuns {
  private final StratusConfig config;
  private final SlurmClient slurm;
  private final NoticeInbox notices;
  private final HealthInbox health;
  private final InstanceView view;
  private final CheckpointWatch checkpoints;
  private final Actuator actuator;
  private final Clock clock;
  private final Runnable passWanted;
  private final Fence fence;
  private final ReentrantLock running = new ReentrantLock();
  private final Set<String> passAskedFor = ConcurrentHashMap.newKeySet();

  NoticeRuns(
      StratusConfig config,
      SlurmClient slurm,
      NoticeInbox notices,
      HealthInbox health,
      InstanceView view,
      CheckpointWatch checkpoints,
      Actuator actuator,
      Clock clock,
      Runnable passWanted,
      Fence fence) {
    this.config = config;
    this.slurm = slurm;
    this.notices = notices;
    this.health = health;
    this.view = view;
    this.checkpoints = checkpoints;
    this.actuator = actuator;
    this.clock = clock;
    this.passWanted = passWanted;
    this.fence = fence;
  }

  List<Action> run() {
    running.lock();
    try {
      OptionalLong term = fence.term();
      List<NodeHealth> nodes = health.nodes();
      if ((notices.pending().isEmpty() && nodes.isEmpty()) || term.isEmpty()) {
        return List.of();
      }
      List<Instance> seen = view.instances();
      List<SlurmJob> jobs = slurm.jobs();
      List<Action> actions = new ArrayList<>();
      if (!nodes.isEmpty()) {
        // First the GPU faults: one that interrupts jobs adds a notice the step below acts on.
        Snapshot before = snapshot(jobs, seen, notices.pending());
        List<Action> faults = GpuHealthPlanner.plan(before, nodes, config::gpuHealth);
        actuator.execute(faults, before, term.getAsLong());
        actions.addAll(faults);
      }
      List<PendingNotice> pending = notices.pending();
      if (pending.isEmpty()) {
        return actions;
      }
      askPassForUnseen(pending, seen);
      Snapshot snapshot = snapshot(jobs, seen, pending);
      List<Action> steps = NoticePlanner.plan(snapshot);
      actuator.execute(steps, snapshot, term.getAsLong());
      actions.addAll(steps);
      return actions;
    } finally {
      running.unlock();
    }
  }

  private Snapshot snapshot(List<SlurmJob> jobs, List<Instance> seen, List<PendingNotice> pending) {
    return Snapshot.forNotices(
        clock.instant(),
        config.pools(),
        config.timeouts(),
        jobs,
        seen,
        pending,
        config.spot(),
        checkpoints.checkpointed());
  }

  /**
   * A notice for an instance the lane has not seen (launched since the last listing, or the
   * controller just started) asks for a pass, whose fresh listing either shows the instance to the
   * lane or finds it gone; once per notice, so a provider that cannot be listed does not make
   * passes run back to back.
   */
  private void askPassForUnseen(List<PendingNotice> pending, List<Instance> seen) {
    Set<String> known = seen.stream().map(Instance::id).collect(Collectors.toSet());
    Set<String> held =
        pending.stream().map(p -> p.notice().instanceId()).collect(Collectors.toSet());
    passAskedFor.retainAll(held);
    boolean ask = false;
    for (String id : held) {
      ask |= !known.contains(id) && passAskedFor.add(id);
    }
    if (ask) {
      passWanted.run();
    }
  }
}
