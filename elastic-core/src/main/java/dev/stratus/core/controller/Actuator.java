package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.notice.NoticeInbox;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmAccounting;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.hook.spool.SpoolRequest;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a plan's actions, in order, each through the handler of its type (every {@link
 * Action} subtype has one: checked when the actuator is built). The reconcile pass and the notice
 * lane both call {@link #execute}, each with its own snapshot; the actuator keeps no state of its
 * own between calls, and everything it writes to is thread-safe.
 *
 * <p>Launches and terminations are handed to {@link CloudWork} and run as cloud tasks; the call
 * returns without waiting for them. A request is acknowledged (deleted from the spool) only when
 * every launch this call started of it had already ended, settled, when the call went on (cloud
 * calls inline), no node it names had a launch in flight when the pass was planned or has one now,
 * and no action for it threw; otherwise it stays and a later pass replays it, which is safe because
 * launches are idempotent on their derived client tokens. The pass a launch's end asks for
 * acknowledges it; a deferred launch's request waits for the next pass.
 */
final class Actuator {
  private static final Logger log = LoggerFactory.getLogger(Actuator.class);

  private final SlurmClient slurm;
  private final RequestSource requests;
  private final CloudWork cloud;
  private final StratusMetrics metrics;
  private final SpotRecorder spot;
  private final NoticeInbox notices;
  private final CheckpointWatch checkpoints;
  private final UnavailableOfferings unavailable;
  private final Clock clock;
  private final Fence fence;
  private final Consumer<List<String>> downStarted;
  private final Optional<SlurmAccounting> accounting;
  private final DeadlineBoard deadlines;
  private final GpuHealthActions health;
  private final ActionHandlers<Pass> handlers;
  private final ControllerMoves moves;

  Actuator(
      SlurmClient slurm,
      RequestSource requests,
      CloudWork cloud,
      StratusMetrics metrics,
      SpotRecorder spot,
      NoticeInbox notices,
      CheckpointWatch checkpoints,
      UnavailableOfferings unavailable,
      Optional<SlurmAccounting> accounting,
      DeadlineBoard deadlines,
      GpuHealthActions health,
      Clock clock,
      Fence fence,
      Consumer<List<String>> downStarted) {
    this.slurm = slurm;
    this.requests = requests;
    this.cloud = cloud;
    this.metrics = metrics;
    this.spot = spot;
    this.notices = notices;
    this.checkpoints = checkpoints;
    this.unavailable = unavailable;
    this.accounting = accounting;
    this.deadlines = deadlines;
    this.health = health;
    this.clock = clock;
    this.fence = fence;
    this.downStarted = downStarted;
    this.moves = new ControllerMoves(notices, clock);
    this.handlers = handlers();
  }

  /** What the actions of one {@link #execute} call share. */
  private static final class Pass {
    final Snapshot snapshot;
    final long term;

    /**
     * Requests that must stay in the spool: this call started a launch of theirs that had not
     * settled when the call went on (on a lane, however fast it ends: the pass its end asks for
     * acknowledges them), or an action for them threw.
     */
    final Set<String> keepRequests = new HashSet<>();

    Pass(Snapshot snapshot, long term) {
      this.snapshot = snapshot;
      this.term = term;
    }

    List<String> nodesOf(String requestId) {
      return snapshot.slurm().requests().stream()
          .filter(r -> r.id().equals(requestId))
          .findFirst()
          .map(SpoolRequest::nodes)
          .orElse(List.of());
    }
  }

  private ActionHandlers<Pass> handlers() {
    return new ActionHandlers<Pass>()
        .on(
            Action.Launch.class,
            (l, pass) -> {
              if (!cloud.launch(l, pass.term)) {
                pass.keepRequests.add(l.requestId());
              }
            })
        .on(
            Action.Terminate.class,
            (t, pass) -> cloud.terminate(t, pass.snapshot.cloud().instances(), pass.term))
        .on(Action.SetDown.class, (d, pass) -> setDown(d.nodes(), d.reason()))
        .on(
            Action.InstanceGone.class,
            (g, pass) -> {
              setDown(g.nodes(), g.reason());
              spot.instancesGone(g, pass.snapshot, clock.instant());
            })
        .on(Action.ForcePowerDown.class, (f, pass) -> slurm.powerDownForce(f.nodes(), f.reason()))
        .on(Action.ReturnToService.class, (r, pass) -> slurm.resume(r.nodes()))
        .on(
            Action.SignalJob.class,
            (sj, pass) -> {
              checkpoints.signalling(
                  sj.instanceId(), sj.jobId()); // its baseline predates the signal
              notices.signalled(sj.instanceId(), clock.instant());
              slurm.signalBatch(sj.jobId(), sj.signal());
              spot.signalled(sj, pass.snapshot);
            })
        .on(Action.Drain.class, (dr, pass) -> slurm.drain(dr.nodes(), dr.reason()))
        .on(Action.SetFeatures.class, (f, pass) -> slurm.setFeatures(f.nodes(), f.features()))
        .on(Action.Requeue.class, (rq, pass) -> requeue(rq, pass.snapshot))
        .on(Action.MarkUnavailable.class, (mu, pass) -> unavailable.markUnavailable(mu.offering()))
        .on(Action.OfferingInvalid.class, (oi, pass) -> unavailable.markInvalid(oi.offering()))
        .on(
            Action.NoticeDone.class,
            (nd, pass) -> {
              notices.done(nd.instanceId());
              checkpoints.forget(nd.instanceId());
            })
        .on(
            Action.ReportIgnored.class,
            (ri, pass) ->
                log.warn(
                    "ignored a failed-bootstrap report for {} from {}: {}",
                    ri.node(),
                    ri.from(),
                    ri.reason()))
        .on(Action.HoldJob.class, (h, pass) -> hold(h))
        .on(Action.ReleaseJob.class, (r, pass) -> accounting().release(r.jobId(), r.reason()))
        .on(Action.DeadlineDecided.class, (d, pass) -> deadlines.record(d.status(), d.explain()))
        .on(Action.MoveJob.class, (m, pass) -> moves.move(m, pass.snapshot))
        .on(Action.WindowEnding.class, (w, pass) -> moves.windowEnding(w))
        .on(Action.GpuFault.class, (g, pass) -> health.fault(g, pass.snapshot))
        .on(Action.HealthDone.class, (d, pass) -> health.done(d))
        .on(Action.IdleJob.class, (j, pass) -> health.idle(j))
        .on(Action.AdmissionFailed.class, (a, pass) -> health.admissionFailed(a, pass.snapshot))
        .on(Action.Ack.class, this::ack)
        .complete();
  }

  /** The action types this actuator carries out (all of them: checked when it is built). */
  Set<Class<?>> handledTypes() {
    return handlers.handledTypes();
  }

  /**
   * {@code snapshot}: what the actions were planned from (instances to terminate, spot facts);
   * {@code term}: the fence's term they were planned in. Once the fence no longer holds it, the
   * rest is left undone (and unacknowledged) for the controller that holds the lease now.
   */
  void execute(List<Action> actions, Snapshot snapshot, long term) {
    Pass pass = new Pass(snapshot, term);
    for (int i = 0; i < actions.size(); i++) {
      Action action = actions.get(i);
      if (!fence.holds(term)) {
        log.warn("the lease was lost: {} planned actions left to the standby", actions.size() - i);
        return;
      }
      if (!(action instanceof Action.Ack)
          && !(action instanceof Action.ReportIgnored)
          && !(action instanceof Action.DeadlineDecided)) {
        log.info("action: {}", action);
      }
      try {
        handlers.handle(action, pass);
      } catch (RuntimeException e) {
        log.error("action {} failed: {}", action, e.getMessage(), e);
        if (action instanceof Action.Launch l) {
          pass.keepRequests.add(l.requestId());
        }
      }
    }
  }

  /**
   * Deletes the request once nothing of it is in flight: no launch of its nodes, and no termination
   * of an instance bound to them (a controller killed before a suspend's termination ended must
   * find the suspend again, or the half-terminated instance would count for the node when Slurm
   * resumes it next, and nothing would be launched).
   */
  private void ack(Action.Ack ack, Pass pass) {
    List<String> nodes = pass.nodesOf(ack.requestId());
    boolean launching =
        nodes.stream().anyMatch(pass.snapshot.cloud().inFlight()::launching)
            || cloud.anyLaunching(nodes);
    List<String> bound =
        pass.snapshot.cloud().instances().stream()
            .filter(i -> i.nodeName().map(nodes::contains).orElse(false))
            .map(Instance::id)
            .toList();
    boolean terminating =
        bound.stream().anyMatch(pass.snapshot.cloud().inFlight()::terminating)
            || cloud.anyTerminating(bound);
    if (!launching && !terminating && !pass.keepRequests.contains(ack.requestId())) {
      requests.delete(ack.requestId());
    }
  }

  /**
   * Requeues each due job; the notice counts as requeued (its node may go, its watcher hears
   * "released") only once every one of them was. A failed {@code scontrol requeue} is logged and
   * counted, and the notice lane asks again on its next run.
   */
  private void requeue(Action.Requeue rq, Snapshot snapshot) {
    // No early release (scontrol update starttime=now): restarting the job while its old run is
    // still completing leaked GPU allocations in 22.05 (seen in the storm e2e). The hold is
    // cred_expire + 1 s: keep AuthInfo cred_expire low (the embedded cluster uses 10).
    List<Long> done = new ArrayList<>();
    for (long job : rq.jobIds()) {
      try {
        slurm.requeue(job);
      } catch (RuntimeException e) {
        metrics.requeueFailed();
        log.warn(
            "scontrol requeue {} for the notice on {} failed: {}; asked again on the notice lane's"
                + " next run (the node stays up, its watcher is not released)",
            job,
            rq.instanceId(),
            e.getMessage());
        continue;
      }
      Instant now = clock.instant();
      done.add(job);
      checkpoints.forget(rq.instanceId(), job);
      spot.requeued(job, rq.instanceId(), snapshot, now);
    }
    notices.jobsRequeued(rq.instanceId(), done);
    if (done.size() == rq.jobIds().size()) {
      notices.requeued(rq.instanceId(), clock.instant());
    }
  }

  /** Holds a job for a budget (the ForcePowerDown that follows powers its nodes down). */
  private void hold(Action.HoldJob h) {
    if (h.requeue()) {
      accounting().requeueHold(h.jobId(), h.reason());
    } else {
      accounting().hold(h.jobId(), h.reason());
    }
    log.warn("job {} held for budget {}: {}", h.jobId(), h.budget(), h.reason());
  }

  private SlurmAccounting accounting() {
    return accounting.orElseThrow(
        () ->
            new IllegalStateException(
                "budgets need Slurm's scontrol hold/release, which this Slurm client cannot do"));
  }

  private void setDown(List<String> nodes, String reason) {
    setDown(slurm, metrics, nodes, reason);
    downStarted.accept(nodes);
  }

  /** Sets nodes DOWN, logged and counted: for the actions, and for a launch that failed. */
  static void setDown(
      SlurmClient slurm, StratusMetrics metrics, List<String> nodes, String reason) {
    log.warn("setting {} DOWN: {}", nodes, reason);
    slurm.setDown(nodes, reason);
    metrics.nodesSetDown(nodes.size());
  }
}
