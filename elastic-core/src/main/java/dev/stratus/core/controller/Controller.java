package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.metrics.HealthMetrics;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.notice.BootstrapInbox;
import dev.stratus.core.notice.HealthInbox;
import dev.stratus.core.notice.NoticeInbox;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.HealthStrikes;
import dev.stratus.core.plan.InFlight;
import dev.stratus.core.plan.NoticePlanner;
import dev.stratus.core.plan.Planner;
import dev.stratus.core.plan.Reasons;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.wire.BootstrapReport;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.InterruptionNotice;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The controller: the reconcile pass ({@link #runPass}: observe, plan, act), the notice lane
 * ({@link #runNotices}, on its own thread once {@link #start}ed) and the cloud tasks both start.
 * Neither waits on a cloud: launches and terminations run as {@link CloudTasks} with their own time
 * limits, and a pass waits for provider listings at most {@code timeouts.list}. Holds no state that
 * matters: everything is re-derived from Slurm, the clouds' tags and the spool, so a restarted
 * controller carries on where the last one stopped. Passes never overlap, nor do notice runs; a
 * pass and a notice run may. With {@code slurm.topology: tree} each pass also starts bringing
 * topology.conf up to date ({@link TopologyUpdater}, as a cloud task: it asks for placement). The
 * money ({@link MoneyBooks}): pools at live prices, the cost ledger reconciled after observe,
 * budgets' figures in the snapshot for admission. Threads: docs/architecture.md.
 */
public final class Controller implements AutoCloseable {
  private final StratusConfig config;
  private final SlurmClient slurm;
  private final SlurmReads reads;
  private final Map<String, NodeProvider> providers;
  private final WindowWatch windows;
  private final RequestSource requests;
  private final Clock clock;
  private final UnavailableOfferings unavailable;
  private final StratusMetrics metrics;
  private final SpotRecorder spot;
  private final StateClock poweringUp = new StateClock(SlurmNode::poweringUp);
  private final StateClock downByUs = new StateClock(n -> n.down() && Reasons.ours(n.reason()));
  private final CloudTasks tasks;
  private final CloudWork cloud;
  private final Actuator actuator;
  private final NoticeInbox notices;
  private final BootstrapInbox bootstraps = new BootstrapInbox();
  private final CheckpointWatch checkpoints;
  private final SpotInstancesSeen spotInstances = new SpotInstancesSeen();
  private final InstanceView view = new InstanceView();
  private final DeadlineJobs deadlines;
  private final ResourceSweeps sweeps;
  private final NoticeLane lane;
  private final NoticeRuns noticeRuns;
  private final Optional<TopologyUpdates> topology;
  private volatile Runnable passWanted = () -> {};
  private final Fence fence;
  private final MoneyBooks books;
  private final HealthInbox health = new HealthInbox();
  private final HealthMetrics healthMetrics;
  private final IdleGpuWatch idleGpus;
  private final FaultBooks faultBooks;

  /** A controller of {@code parts}; nothing runs until {@link #start} and {@link #runPass}. */
  public Controller(ControllerParts parts) {
    this.config = parts.config();
    this.slurm = parts.slurm();
    this.reads = new SlurmReads(slurm);
    this.providers = parts.providers();
    this.windows = new WindowWatch(providers, slurm, parts.metrics().registry());
    this.requests = parts.requests();
    this.clock = parts.clock();
    this.fence = parts.fence();
    this.metrics = parts.metrics();
    this.books = new MoneyBooks(config, parts.money(), metrics.registry());
    this.spot = new SpotRecorder(metrics);
    boolean writes = parts.files() == ControllerParts.Files.WRITE;
    this.deadlines =
        new DeadlineJobs(
            config.deadlines(),
            parts.checkpoints(),
            writes ? Optional.of(config.stateDir()) : Optional.empty());
    this.checkpoints = new CheckpointWatch(config.spot().checkpointDir());
    this.notices = new NoticeInbox(clock);
    this.healthMetrics = new HealthMetrics(metrics.registry());
    this.faultBooks = new FaultBooks(config, parts.money().ledger(), parts.checkpoints(), clock);
    this.idleGpus = new IdleGpuWatch(config, health, healthMetrics, faultBooks);
    Duration ttl = config.timeouts().unavailableTtl();
    this.unavailable = new UnavailableOfferings(clock, ttl, ttl.multipliedBy(10));
    this.tasks =
        parts.cloudCalls() == ControllerParts.CloudCalls.INLINE
            ? CloudTasks.inline(metrics)
            : new CloudTasks(CloudTasks.PER_LANE, metrics);
    this.sweeps = new ResourceSweeps(tasks, config.timeouts().terminate());
    this.cloud = cloudWork(parts.credentials());
    this.actuator =
        new Actuator(
            slurm,
            requests,
            cloud,
            metrics,
            spot,
            notices,
            checkpoints,
            unavailable,
            parts.money().accounting(),
            deadlines.board(),
            new GpuHealthActions(
                slurm,
                parts.money().accounting(),
                config,
                health,
                notices,
                healthMetrics,
                faultBooks,
                clock),
            clock,
            fence,
            nodes -> downByUs.started(nodes, clock.instant()));
    this.noticeRuns =
        new NoticeRuns(
            config,
            slurm,
            notices,
            health,
            view,
            checkpoints,
            actuator,
            clock,
            () -> passWanted.run(),
            fence);
    this.lane =
        new NoticeLane(
            this::runNotices,
            () -> NoticePlanner.nextRequeueDue(notices.pending(), config.spot()),
            this::checkpointWritten,
            clock);
    this.topology =
        writes
            ? TopologyUpdates.forConfig(config, slurm, providers, tasks, clock)
            : Optional.empty();
  }

  private CloudWork cloudWork(NodeCredentials credentials) {
    return new CloudWork(
        new LaunchExecutor(
            config.cluster(),
            providers,
            unavailable,
            credentials,
            tasks,
            config.timeouts().launch(),
            fence,
            (pool, offering, passed, nodes) -> {
              int level = config.gpuHealth(pool).level();
              for (int i = 0; i < nodes && level > 0; i++) {
                healthMetrics.gpuCheck(level, offering.toString(), passed ? "pass" : "fail");
              }
            }),
        tasks,
        providers,
        config.timeouts().terminate(),
        metrics,
        view,
        (nodes, reason) -> {
          Actuator.setDown(slurm, metrics, nodes, reason);
          downByUs.started(nodes, clock.instant());
        },
        () -> passWanted.run(),
        books::terminationAccepted,
        clock,
        fence);
  }

  /** Starts the notice lane's thread; passes are run by whoever calls {@link #runPass}. */
  public void start() {
    lane.start();
  }

  /** What to call when a pass should run soon (a launch ended); until set, nothing is. */
  public void whenPassWanted(Runnable wake) {
    this.passWanted = wake;
  }

  /**
   * Runs one pass and returns the actions it took (for logs and tests). The launches and
   * terminations among them are started, not finished, when it returns.
   */
  public synchronized List<Action> runPass() {
    OptionalLong term = fence.term();
    if (term.isEmpty()) {
      return List.of(); // the standby watches: the controller holding the lease acts
    }
    metrics.passRan();
    InFlight inFlight = cloud.inFlight(); // before the listing: see InFlightWork
    Instant now = clock.instant(); // before the listing: see NoticePlanner.collectGone
    List<SpoolRequest> pending = requests.pending();
    SlurmReads.Read read = reads.read();
    List<SlurmNode> nodes = read.nodes();
    List<SlurmJob> jobs = read.jobs();
    ProviderListing.Listed listed =
        ProviderListing.list(providers.values(), config.cluster(), tasks, config.timeouts().list());
    List<Instance> instances = listed.instances();
    cloud.listed(instances, listed.unlisted(), now);
    List<Pool> pools = windows.pass(books.pools(now), instances, now);
    var budgets = books.observe(now, pools, instances, providers.keySet(), listed.unlisted(), jobs);
    Snapshot snapshot =
        Snapshot.builder(now, pools, config.timeouts(), config.spot())
            .nodes(nodes)
            .jobs(jobs)
            .requests(pending)
            .poweringUpSince(poweringUp.observe(nodes, now))
            .downSince(downByUs.observe(nodes, now))
            .instances(instances)
            .unlistedProviders(listed.unlisted())
            .unavailable(unavailable.current())
            .probing(unavailable.probing())
            .lastSpotInstances(spotInstances.lastPass())
            .inFlight(inFlight)
            .bootstrapReports(bootstraps.drain())
            .notices(notices.pending())
            .budgets(budgets)
            .deadlines(
                deadlines.observe(now, config.pools(), jobs, instances, unavailable.current()))
            .windows(config.windows())
            .build(); // checkpoints are the notice lane's
    List<Action> actions = new ArrayList<>(Planner.plan(snapshot));
    actions.addAll(idleGpus.observe(now, jobs));
    actuator.execute(actions, snapshot, term.getAsLong());
    windows.acted(actions, n -> config.poolOfNode(n).map(Pool::name).orElse(""));
    if (!fence.holds(term.getAsLong())) {
      return actions;
    }
    faultBooks.flush();
    books.afterPass(now);
    deadlines.afterPass();
    sweeps.start(providers.values(), config.cluster(), instances, listed.unlisted());
    spotInstances.observe(instances);
    topology.ifPresent(t -> t.start(instances, listed.unlisted()));
    metrics.passObserved(snapshot, actions);
    if (!notices.pending().isEmpty() || health.draining()) {
      lane.wake(); // the lane plans from the instances just listed
    }
    return actions;
  }

  /**
   * One run of the notice lane ({@link NoticeRuns}): every held notice's next step, planned from
   * the instances last seen and a fresh {@code squeue}, carried out at once. The lane's thread
   * calls it; tests call it directly.
   */
  public List<Action> runNotices() {
    return noticeRuns.run();
  }

  /**
   * When the notice lane must run next on its own: the earliest requeue due among the notices being
   * acted on (a grace ending, a deadline near); empty when none is due. A caller that runs the lane
   * itself ({@link #runNotices}, a replay) runs it then.
   */
  public Optional<Instant> noticesDue() {
    return NoticePlanner.nextRequeueDue(notices.pending(), config.spot());
  }

  /** A signalled job wrote a checkpoint and waits for its requeue: the lane runs at once. */
  boolean checkpointWritten() {
    return !checkpoints.checkpointed().isEmpty();
  }

  /** What carries out the planned actions (its dispatch table is checked complete at start). */
  Actuator actuator() {
    return actuator;
  }

  /** The cloud tasks, for tests that wait for them. */
  CloudTasks cloudTasks() {
    return tasks;
  }

  public StratusMetrics metrics() {
    return metrics;
  }

  /**
   * Takes a notice from a node's watcher (the notice endpoint calls this; safe from any thread):
   * the first one for an instance is stamped, counted, logged as an event and handed to the notice
   * lane at once; a repeat changes nothing. Returns true when it was news.
   */
  public boolean receive(InterruptionNotice notice) {
    Instant now = clock.instant();
    boolean fresh = notices.add(notice, now);
    if (fresh) {
      spot.noticeReceived(notice, now);
      lane.wake();
    }
    return fresh;
  }

  /**
   * Takes a GPU health report from a node's watcher (the endpoint calls this once it has checked
   * the signature; safe from any thread): folded into the node's health, and the notice lane woken
   * when it asks for action. Returns what became of it.
   */
  public HealthStrikes.Outcome receiveHealth(GpuHealthReport report) {
    Instant now = clock.instant();
    String pool = config.poolOfNode(report.node()).map(Pool::name).orElse("");
    HealthStrikes.Outcome outcome =
        health.receive(report, now, config.gpuHealth(pool).staleAfter());
    switch (outcome) {
      case NEWS -> lane.wake();
      case STALE -> healthMetrics.reportIgnored("stale");
      case OUT_OF_ORDER -> healthMetrics.reportIgnored("out-of-order");
      case TAKEN -> {}
    }
    return outcome;
  }

  /**
   * Takes a bootstrap step a node reported (the endpoint calls this; safe from any thread): a GPU
   * admission check is counted by its pool's level and the node's offering, and a failed step is
   * kept for the next pass. True when that pass should be woken.
   */
  public boolean bootstrapReported(BootstrapReport report) {
    if (report.step().equals(ProviderError.BootstrapFailed.GPU_HEALTH)) {
      String pool = config.poolOfNode(report.node()).map(Pool::name).orElse("");
      String offering =
          view.instances().stream()
              .filter(i -> i.nodeName().filter(report.node()::equals).isPresent())
              .map(i -> i.offering().toString())
              .findFirst()
              .orElse("unknown");
      healthMetrics.gpuCheck(
          config.gpuHealth(pool).level(), offering, report.ok() ? "pass" : "fail");
    }
    return bootstraps.add(report);
  }

  /** What the controller holds of each node's GPU health. */
  public HealthInbox health() {
    return health;
  }

  /**
   * The instances the controller knows (the latest listing plus launches since), for the endpoint
   * that checks who signed a request. Safe from any thread.
   */
  public List<Instance> observedInstances() {
    return view.instances();
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

  /**
   * Stops the notice lane and the cloud tasks (calls running are abandoned); terminates nothing.
   */
  @Override
  public void close() {
    lane.close();
    tasks.close();
    reads.close();
  }
}
