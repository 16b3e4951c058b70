package dev.stratus.core.controller;

import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.model.Instance;
import dev.stratus.core.notice.BootstrapInbox;
import dev.stratus.core.notice.NoticeInbox;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.NoticePlanner;
import dev.stratus.core.plan.Planner;
import dev.stratus.core.plan.Reasons;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.render.TopologyWriter;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.spi.NodeCredentials;
import dev.stratus.core.spi.NodeProvider;
import dev.stratus.core.spi.ProviderException;
import dev.stratus.core.spool.SpoolRequest;
import dev.stratus.wire.InterruptionNotice;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One reconcile pass: observe (spool, Slurm, every provider's tagged instances) → plan (pure) →
 * act. Holds no state that matters: everything is re-derived each pass, so a restarted controller
 * carries on where the last one stopped. Passes never overlap. With {@code slurm.topology: tree}
 * each pass also brings topology.conf up to date ({@link TopologyUpdater}).
 */
public final class Controller {
  private static final Logger log = LoggerFactory.getLogger(Controller.class);

  private final StratusConfig config;
  private final SlurmClient slurm;
  private final Map<String, NodeProvider> providers;
  private final RequestSource requests;
  private final Clock clock;
  private final UnavailableOfferings unavailable;
  private final StratusMetrics metrics;
  private final SpotRecorder spot;
  private final StateClock poweringUp = new StateClock(SlurmNode::poweringUp);
  private final StateClock downByUs = new StateClock(n -> n.down() && Reasons.ours(n.reason()));
  private final Actuator actuator;
  private final NoticeInbox notices;
  private final BootstrapInbox bootstraps = new BootstrapInbox();
  private final CheckpointWatch checkpoints;
  private final SpotInstancesSeen spotInstances = new SpotInstancesSeen();
  private final Optional<TopologyUpdater> topology;
  private volatile List<Instance> observed = List.of();

  public Controller(
      StratusConfig config,
      SlurmClient slurm,
      Map<String, NodeProvider> providers,
      RequestSource requests,
      Clock clock) {
    this(config, slurm, providers, requests, clock, NodeCredentials.NONE);
  }

  /** {@code credentials}: issues each new node's bootstrap credential (Vault), or NONE. */
  public Controller(
      StratusConfig config,
      SlurmClient slurm,
      Map<String, NodeProvider> providers,
      RequestSource requests,
      Clock clock,
      NodeCredentials credentials) {
    this(config, slurm, providers, requests, clock, credentials, new StratusMetrics());
  }

  /** {@code metrics}: where the controller counts what it does (the runtime's is Prometheus). */
  public Controller(
      StratusConfig config,
      SlurmClient slurm,
      Map<String, NodeProvider> providers,
      RequestSource requests,
      Clock clock,
      NodeCredentials credentials,
      StratusMetrics metrics) {
    this.metrics = metrics;
    this.spot = new SpotRecorder(metrics);
    this.config = config;
    this.slurm = slurm;
    this.providers = Map.copyOf(providers);
    this.requests = requests;
    this.clock = clock;
    this.checkpoints = new CheckpointWatch(config.spot().checkpointDir());
    this.notices = new NoticeInbox(clock);
    Duration ttl = config.timeouts().unavailableTtl();
    this.unavailable = new UnavailableOfferings(clock, ttl, ttl.multipliedBy(10));
    this.actuator =
        new Actuator(
            slurm,
            this.providers,
            requests,
            new LaunchExecutor(config.cluster(), this.providers, unavailable, credentials),
            metrics,
            spot,
            notices,
            checkpoints,
            unavailable,
            clock);
    this.topology =
        config.slurm().topology() == SlurmSettings.Topology.TREE
            ? Optional.of(
                new TopologyUpdater(
                    config.pools(),
                    config.slurm().confDir().resolve(TopologyWriter.FILE),
                    slurm,
                    this.providers,
                    clock))
            : Optional.empty();
  }

  /** Runs one pass and returns the actions it took (for logs and tests). */
  public synchronized List<Action> runPass() {
    metrics.passRan();
    List<SpoolRequest> pending = requests.pending();
    List<SlurmNode> nodes = slurm.nodes();
    List<SlurmJob> jobs = slurm.jobs();
    List<Instance> instances = new ArrayList<>();
    Set<String> unlisted = new HashSet<>();
    for (NodeProvider provider : providers.values()) {
      try {
        instances.addAll(provider.list(config.cluster()));
      } catch (ProviderException e) {
        unlisted.add(provider.name());
        log.warn(
            "cannot list instances of {}: {} (its nodes are left alone)",
            provider.name(),
            e.getMessage());
      }
    }
    observed = List.copyOf(instances);
    var now = clock.instant();
    Snapshot snapshot =
        new Snapshot(
            now,
            config.pools(),
            config.timeouts(),
            nodes,
            jobs,
            instances,
            unlisted,
            pending,
            unavailable.current(),
            unavailable.probing(),
            poweringUp.observe(nodes, now),
            downByUs.observe(nodes, now),
            notices.pending(),
            config.spot(),
            checkpoints.checkpointed(),
            spotInstances.lastPass(),
            bootstraps.drain());
    List<Action> actions = Planner.plan(snapshot);
    for (Action action : actions) {
      if (!(action instanceof Action.Ack) && !(action instanceof Action.ReportIgnored)) {
        log.info("action: {}", action);
      }
    }
    actuator.execute(actions, snapshot);
    ResourceSweeps.run(providers.values(), config.cluster(), instances, unlisted);
    spotInstances.observe(instances);
    topology.ifPresent(t -> t.update(instances, unlisted));
    metrics.passObserved(snapshot, actions);
    return actions;
  }

  /**
   * True when a job signalled for a notice has written a checkpoint since and waits for its
   * requeue: the daemon then runs a pass at once. Cheap when nothing is watched.
   */
  public boolean checkpointWritten() {
    return !checkpoints.checkpointed().isEmpty();
  }

  /** What carries out the planned actions (its dispatch table is checked complete at start). */
  Actuator actuator() {
    return actuator;
  }

  public StratusMetrics metrics() {
    return metrics;
  }

  /**
   * Takes a notice from a node's watcher (the notice endpoint calls this; safe from any thread):
   * the first one for an instance is stamped, counted and logged as an event, and acted on by the
   * next pass; a repeat changes nothing. Returns true when it was news.
   */
  public boolean receive(InterruptionNotice notice) {
    Instant now = clock.instant();
    boolean fresh = notices.add(notice, now);
    if (fresh) {
      spot.noticeReceived(notice, now);
    }
    return fresh;
  }

  /**
   * When a pass is next due for a notice's requeue (its grace ends), so the daemon runs one then
   * instead of up to a reconcile interval later.
   */
  public Optional<Instant> nextRequeueDue() {
    return NoticePlanner.nextRequeueDue(notices.pending(), config.spot());
  }

  /**
   * The instances the latest pass listed (empty before the first): which instance is bound to which
   * node, for the endpoint that checks who signed a request. Safe from any thread.
   */
  public List<Instance> observedInstances() {
    return observed;
  }

  /** The notices being acted on. */
  public NoticeInbox notices() {
    return notices;
  }

  /** Failed bootstrap steps nodes reported (the bootstrap endpoint adds to it). */
  public BootstrapInbox bootstrapReports() {
    return bootstraps;
  }

  public UnavailableOfferings unavailable() {
    return unavailable;
  }
}
