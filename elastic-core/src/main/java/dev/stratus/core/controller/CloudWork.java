package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.InFlight;
import dev.stratus.core.plan.Reasons;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the launches and terminations a plan asks for as cloud tasks ({@link CloudTasks}) and acts
 * on how they end, so the thread that planned them goes on at once. A launch that ends launched or
 * failed (its nodes set DOWN with the cloud's reason) asks for a pass, which acknowledges its
 * request; a deferred one leaves the request to the next periodic pass, which replays it under the
 * same client token. What is in flight is kept in {@link InFlightWork} until the outcome has been
 * acted on.
 *
 * <p>Safe from any thread: the pass starts work, lane threads finish it; shared state is the
 * concurrent {@link InFlightWork}, the atomic {@link InstanceView} and the thread-safe metrics.
 */
final class CloudWork {
  private static final Logger log = LoggerFactory.getLogger(CloudWork.class);

  private final LaunchExecutor launcher;
  private final CloudTasks tasks;
  private final Map<String, NodeProvider> providers;
  private final Duration terminateLimit;
  private final StratusMetrics metrics;
  private final InstanceView view;
  private final BiConsumer<List<String>, String> setDown;
  private final Runnable passWanted;
  private final BiConsumer<List<String>, Instant> terminationAccepted;
  private final Clock clock;
  private final Fence fence;
  private final InFlightWork inFlight = new InFlightWork();

  CloudWork(
      LaunchExecutor launcher,
      CloudTasks tasks,
      Map<String, NodeProvider> providers,
      Duration terminateLimit,
      StratusMetrics metrics,
      InstanceView view,
      BiConsumer<List<String>, String> setDown,
      Runnable passWanted,
      BiConsumer<List<String>, Instant> terminationAccepted,
      Clock clock,
      Fence fence) {
    this.launcher = launcher;
    this.tasks = tasks;
    this.providers = providers;
    this.terminateLimit = terminateLimit;
    this.metrics = metrics;
    this.view = view;
    this.setDown = setDown;
    this.passWanted = passWanted;
    this.terminationAccepted = terminationAccepted;
    this.clock = clock;
    this.fence = fence;
  }

  InFlight inFlight() {
    return inFlight.snapshot();
  }

  /**
   * A pass listed {@code instances} (every provider but {@code unlisted}), starting at {@code at}:
   * the notice lane's view learns them, and released instances no longer listed are forgotten.
   */
  void listed(List<Instance> instances, Set<String> unlisted, Instant at) {
    view.listed(instances, unlisted, at);
    inFlight.listed(instances, unlisted);
  }

  boolean anyLaunching(Collection<String> nodes) {
    return inFlight.anyLaunching(nodes);
  }

  boolean anyTerminating(Collection<String> instanceIds) {
    return inFlight.anyTerminating(instanceIds);
  }

  /**
   * {@code term}: the fence's term the launch was planned in (see {@link Fence}). Returns true when
   * the launch has already ended, settled, when this returns (cloud calls inline): its request can
   * be acknowledged in this very pass; otherwise the pass its end asks for does it.
   */
  boolean launch(Action.Launch launch, long term) {
    inFlight.launchStarted(launch.nodes());
    Instant start = clock.instant();
    boolean[] settledNow = new boolean[1];
    boolean[] starting = {true};
    launcher
        .run(launch, term)
        .whenComplete(
            (outcome, error) -> {
              boolean settled = false;
              try {
                metrics.launchFinished(
                    launch.pool(),
                    outcomeName(outcome, error),
                    Duration.between(start, clock.instant()));
                settled = error == null && settled(launch, outcome, term);
              } catch (RuntimeException e) {
                log.error("acting on the launch of {} failed: {}", launch.nodes(), e.getMessage());
              } finally {
                inFlight.launchEnded(launch.nodes());
              }
              if (settled && starting[0]) {
                settledNow[0] = true; // ended within this call (inline): its Ack sees it
              } else if (settled) {
                passWanted.run();
              }
            });
    starting[0] = false;
    return settledNow[0];
  }

  /** The {@code outcome} label of {@code stratus_launch_seconds}. */
  private static String outcomeName(LaunchExecutor.Outcome outcome, Throwable error) {
    if (error != null || outcome instanceof LaunchExecutor.Outcome.Deferred) {
      return "deferred";
    }
    return outcome instanceof LaunchExecutor.Outcome.Launched ? "launched" : "failed";
  }

  /** Acts on a launch's outcome; true when its request can now be acknowledged. */
  private boolean settled(Action.Launch launch, LaunchExecutor.Outcome outcome, long term) {
    if (!(outcome instanceof LaunchExecutor.Outcome.Deferred) && !fence.holds(term)) {
      // the standby acts now; its pass replays the unacknowledged request and finds what we did
      log.warn("launch of {} ended after the lease was lost; left to the standby", launch.nodes());
      return false;
    }
    if (outcome instanceof LaunchExecutor.Outcome.Launched ok) {
      metrics.nodesLaunched(ok.instances().size());
      view.launched(ok.instances(), clock.instant());
      return true;
    }
    if (outcome instanceof LaunchExecutor.Outcome.Failed f) {
      metrics.launchFailed();
      setDown.accept(launch.nodes(), Reasons.of(downReason(f.lastError())));
      return true;
    }
    log.info("launch of {} deferred; request {} stays", launch.nodes(), launch.requestId());
    return false;
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

  /**
   * The cloud accepted the termination when its call returned: the ledger closes the instances
   * there unless a later listing still saw them. A ledger that fails here is logged; the listing
   * that misses the instances closes them anyway (at an upper bound).
   */
  private void recordAccepted(List<String> ids) {
    try {
      terminationAccepted.accept(ids, clock.instant());
    } catch (RuntimeException e) {
      log.warn("recording the termination of {} in the ledger failed: {}", ids, e.getMessage());
    }
  }

  /** Terminates the action's instances among {@code observed}, one task per provider and region. */
  void terminate(Action.Terminate terminate, List<Instance> observed, long term) {
    Map<CloudTasks.Lane, List<String>> byLane = new LinkedHashMap<>();
    for (Instance instance : observed) {
      if (terminate.instanceIds().contains(instance.id())) {
        byLane
            .computeIfAbsent(
                new CloudTasks.Lane(instance.provider(), instance.offering().region()),
                l -> new ArrayList<>())
            .add(instance.id());
      }
    }
    byLane.forEach(
        (lane, ids) -> {
          log.info("terminating {} on {}: {}", ids, lane.provider(), terminate.reason());
          inFlight.terminationStarted(lane.provider(), ids);
          boolean[] starting = {true};
          tasks
              .submit(
                  lane,
                  CloudTasks.Kind.TERMINATE,
                  "termination of " + ids,
                  terminateLimit,
                  () -> {
                    if (!fence.holds(term)) {
                      log.warn("termination of {} not started: the lease was lost", ids);
                      return 0;
                    }
                    providers.get(lane.provider()).terminate(ids);
                    return ids.size();
                  })
              .whenComplete(
                  (n, error) -> {
                    inFlight.terminationEnded(ids, error == null);
                    if (error == null) {
                      metrics.instancesTerminated(n);
                      recordAccepted(ids);
                    } else if (!CloudTasks.abandoned(error)) {
                      log.warn(
                          "terminating {} failed: {}; they serve no node and are terminated again",
                          ids,
                          error.getMessage());
                    }
                    // the pass that follows acknowledges the request (or terminates again); a
                    // termination that ended within this call (inline) was seen by its Ack
                    if (error != null || !starting[0]) {
                      passWanted.run();
                    }
                  });
          starting[0] = false;
        });
  }
}
