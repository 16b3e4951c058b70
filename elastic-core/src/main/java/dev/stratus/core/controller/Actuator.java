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
 * Carries out one pass's actions, in order. A request is acknowledged (deleted from the spool) only
 * if none of its launches was deferred and no action for it threw; otherwise it stays and the next
 * pass replays it, which is safe because launches are idempotent on their derived client tokens.
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
  }

  /** {@code snapshot}: what the actions were planned from (instances to terminate, spot facts). */
  void execute(List<Action> actions, Snapshot snapshot) {
    List<Instance> observed = snapshot.instances();
    Set<String> keepRequests = new HashSet<>();
    for (Action action : actions) {
      try {
        if (action instanceof Action.Launch l) {
          launch(l, keepRequests);
        } else if (action instanceof Action.Terminate t) {
          terminate(t, observed);
        } else if (action instanceof Action.SetDown d) {
          setDown(d.nodes(), d.reason());
        } else if (action instanceof Action.InstanceGone g) {
          setDown(g.nodes(), g.reason());
          spot.instancesGone(g, snapshot, clock.instant());
        } else if (action instanceof Action.ForcePowerDown f) {
          slurm.powerDownForce(f.nodes(), f.reason());
        } else if (action instanceof Action.ReturnToService r) {
          slurm.resume(r.nodes());
        } else if (action instanceof Action.SignalJob sj) {
          checkpoints.signalling(sj.instanceId(), sj.jobId()); // its baseline predates the signal
          notices.signalled(sj.instanceId(), clock.instant());
          slurm.signalBatch(sj.jobId(), sj.signal());
          spot.signalled(sj, snapshot);
        } else if (action instanceof Action.Drain dr) {
          slurm.drain(dr.nodes(), dr.reason());
        } else if (action instanceof Action.Requeue rq) {
          // No early release (scontrol update starttime=now): restarting the job while its
          // old run is still completing leaked GPU allocations in 22.05 (seen in the storm
          // e2e). The hold is cred_expire + 1 s: keep AuthInfo cred_expire low (the embedded
          // cluster uses 10).
          java.time.Instant now = clock.instant();
          notices.requeued(rq.instanceId(), now);
          slurm.requeue(rq.jobId());
          checkpoints.forget(rq.instanceId());
          spot.requeued(rq, snapshot, now);
        } else if (action instanceof Action.MarkUnavailable mu) {
          unavailable.markUnavailable(mu.offering());
        } else if (action instanceof Action.NoticeDone nd) {
          notices.done(nd.instanceId());
          checkpoints.forget(nd.instanceId());
        } else if (action instanceof Action.Ack a && !keepRequests.contains(a.requestId())) {
          requests.delete(a.requestId());
        }
      } catch (RuntimeException e) {
        log.error("action {} failed: {}", action, e.getMessage(), e);
        if (action instanceof Action.Launch l) {
          keepRequests.add(l.requestId());
        }
      }
    }
  }

  private void launch(Action.Launch launch, Set<String> keepRequests) {
    LaunchExecutor.Outcome outcome = launcher.run(launch);
    if (outcome instanceof LaunchExecutor.Outcome.Launched ok) {
      metrics.nodesLaunched(ok.instances().size());
    } else if (outcome instanceof LaunchExecutor.Outcome.Deferred) {
      keepRequests.add(launch.requestId());
    } else if (outcome instanceof LaunchExecutor.Outcome.Failed f) {
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
