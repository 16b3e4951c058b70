package dev.stratus.core.controller;

import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.model.Instance;
import dev.stratus.core.notice.NoticeInbox;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.Reasons;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.spi.NodeProvider;
import dev.stratus.core.spi.ProviderError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out one pass's actions, in order, each through the handler of its type (every {@link
 * Action} subtype has one: checked when the actuator is built). A request is acknowledged (deleted
 * from the spool) only if none of its launches was deferred and no action for it threw; otherwise
 * it stays and the next pass replays it, which is safe because launches are idempotent on their
 * derived client tokens.
 */
final class Actuator {
  private static final Logger log = LoggerFactory.getLogger(Actuator.class);

  private final SlurmClient slurm;
  private final Map<String, NodeProvider> providers;
  private final RequestSource requests;
  private final LaunchExecutor launcher;
  private final StratusMetrics metrics;
  private final SpotRecorder spot;
  private final NoticeInbox notices;
  private final CheckpointWatch checkpoints;
  private final UnavailableOfferings unavailable;
  private final java.time.Clock clock;
  private final ActionHandlers<Pass> handlers;

  Actuator(
      SlurmClient slurm,
      Map<String, NodeProvider> providers,
      RequestSource requests,
      LaunchExecutor launcher,
      StratusMetrics metrics,
      SpotRecorder spot,
      NoticeInbox notices,
      CheckpointWatch checkpoints,
      UnavailableOfferings unavailable,
      java.time.Clock clock) {
    this.slurm = slurm;
    this.providers = providers;
    this.requests = requests;
    this.launcher = launcher;
    this.metrics = metrics;
    this.spot = spot;
    this.notices = notices;
    this.checkpoints = checkpoints;
    this.unavailable = unavailable;
    this.clock = clock;
    this.handlers = handlers();
  }

  /** What the actions of one {@link #execute} call share. */
  private static final class Pass {
    final Snapshot snapshot;

    /** Requests that must stay in the spool: a launch of theirs was deferred or threw. */
    final Set<String> keepRequests = new HashSet<>();

    Pass(Snapshot snapshot) {
      this.snapshot = snapshot;
    }
  }

  private ActionHandlers<Pass> handlers() {
    return new ActionHandlers<Pass>()
        .on(Action.Launch.class, (l, pass) -> launch(l, pass.keepRequests))
        .on(Action.Terminate.class, (t, pass) -> terminate(t, pass.snapshot.instances()))
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
        .on(
            Action.Ack.class,
            (a, pass) -> {
              if (!pass.keepRequests.contains(a.requestId())) {
                requests.delete(a.requestId());
              }
            })
        .complete();
  }

  /** The action types this actuator carries out (all of them: checked when it is built). */
  Set<Class<?>> handledTypes() {
    return handlers.handledTypes();
  }

  /** {@code snapshot}: what the actions were planned from (instances to terminate, spot facts). */
  void execute(List<Action> actions, Snapshot snapshot) {
    Pass pass = new Pass(snapshot);
    for (Action action : actions) {
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

  private void requeue(Action.Requeue rq, Snapshot snapshot) {
    // No early release (scontrol update starttime=now): restarting the job while its old run is
    // still completing leaked GPU allocations in 22.05 (seen in the storm e2e). The hold is
    // cred_expire + 1 s: keep AuthInfo cred_expire low (the embedded cluster uses 10).
    java.time.Instant now = clock.instant();
    notices.requeued(rq.instanceId(), now);
    slurm.requeue(rq.jobId());
    checkpoints.forget(rq.instanceId());
    spot.requeued(rq, snapshot, now);
  }

  private void launch(Action.Launch launch, Set<String> keepRequests) {
    java.time.Instant start = clock.instant();
    LaunchExecutor.Outcome outcome = launcher.run(launch);
    java.time.Duration took = java.time.Duration.between(start, clock.instant());
    if (outcome instanceof LaunchExecutor.Outcome.Launched ok) {
      metrics.launchFinished(launch.pool(), "launched", took);
      metrics.nodesLaunched(ok.instances().size());
    } else if (outcome instanceof LaunchExecutor.Outcome.Deferred) {
      metrics.launchFinished(launch.pool(), "deferred", took);
      keepRequests.add(launch.requestId());
    } else if (outcome instanceof LaunchExecutor.Outcome.Failed f) {
      metrics.launchFinished(launch.pool(), "failed", took);
      metrics.launchFailed();
      setDown(launch.nodes(), Reasons.of(downReason(f.lastError())));
    }
  }

  /**
   * A node whose bootstrap refused it says what the node found ("gpus: found 7 of 8 h100"), not
   * only that the launch failed.
   */
  static String downReason(ProviderError error) {
    if (error == null) {
      return "launch failed: no offering";
    }
    if (error instanceof ProviderError.BootstrapFailed b) {
      return b.code() + ": " + b.message();
    }
    return "launch failed: " + error.describe();
  }

  private void setDown(List<String> nodes, String reason) {
    log.warn("setting {} DOWN: {}", nodes, reason);
    slurm.setDown(nodes, reason);
    metrics.nodesSetDown(nodes.size());
  }

  private void terminate(Action.Terminate terminate, List<Instance> observed) {
    Map<String, List<String>> byProvider = new LinkedHashMap<>();
    for (Instance instance : observed) {
      if (terminate.instanceIds().contains(instance.id())) {
        byProvider.computeIfAbsent(instance.provider(), p -> new ArrayList<>()).add(instance.id());
      }
    }
    byProvider.forEach(
        (provider, ids) -> {
          log.info("terminating {} on {}: {}", ids, provider, terminate.reason());
          providers.get(provider).terminate(ids);
          metrics.instancesTerminated(ids.size());
        });
  }
}
