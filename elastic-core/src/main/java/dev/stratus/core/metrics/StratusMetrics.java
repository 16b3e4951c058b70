package dev.stratus.core.metrics;

import dev.stratus.api.model.Pool;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.wire.InterruptionNotice;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The controller's counters and timers, the one place each number is kept (status, the demo's
 * summary and {@code GET /metrics} all read them here). Names as Prometheus shows them:
 *
 * <ul>
 *   <li>{@code stratus_controller_passes_total}, {@code stratus_controller_passes_failed_total};
 *   <li>{@code stratus_nodes_launched_total}, {@code stratus_launch_failures_total}, {@code
 *       stratus_instances_terminated_total}, {@code stratus_nodes_set_down_total};
 *   <li>{@code stratus_spot_notices_total{kind}}: notices received, once per instance ({@code kind}
 *       = {@code reclaim}, {@code rebalance_recommendation}, {@code maintenance});
 *   <li>{@code stratus_spot_reclaims_total{notice}}: {@code notice="true"}: a received notice that
 *       ends its instance (reclaim, maintenance); {@code notice="false"}: a powered-up node the
 *       reconcile pass found without its instance (a reclaim without notice, or any other loss);
 *   <li>{@code stratus_spot_jobs_signalled_total}, {@code stratus_spot_jobs_requeued_total}: {@code
 *       scancel --signal} and {@code scontrol requeue} issued for notices (a job on a node found
 *       without its instance is requeued by Slurm, not counted here);
 *   <li>{@code stratus_spot_gpu_seconds_lost_total{notice}}: see {@link GpuSeconds#lost};
 *   <li>{@code stratus_spot_notice_to_requeue_seconds}: notice received by the controller → {@code
 *       scontrol requeue} issued, grace included (count, sum, max and buckets);
 *   <li>{@code stratus_launch_duration_seconds{pool,outcome}}: one launch (all its offerings tried,
 *       each try's provider call) from start to {@code outcome} = {@code launched}, {@code
 *       deferred} or {@code failed};
 *   <li>{@code stratus_spot_requeue_failures_total}: {@code scontrol requeue} calls for a notice
 *       that failed (the notice lane asks again; the node stays and its watcher is not released);
 *   <li>{@code stratus_cloud_tasks_abandoned_total{provider,kind}}: cloud calls ({@code kind} =
 *       {@code launch}, {@code terminate}, {@code list}, {@code sweep}, {@code placement}) that ran
 *       past their time limit and were abandoned;
 *   <li>fed by {@link #passObserved} at the end of each pass ({@link PassGauges}): {@code
 *       stratus_instances}, {@code stratus_instance_gpus} {@code {pool,capacity_type,provider}},
 *       {@code stratus_pending_gpus}, {@code stratus_pending_jobs} {@code {partition,state}},
 *       {@code stratus_nodes_powering_up}, {@code stratus_nodes_stuck_powering_up} {@code {pool}},
 *       {@code stratus_orphan_instances}, {@code stratus_orphans_terminated_total}, {@code
 *       stratus_node_power_up_seconds{pool}}.
 * </ul>
 *
 * Counters with a fixed set of label values are registered at 0 for each, so every series exists
 * from the start and {@code rate()} sees the first increment.
 */
public final class StratusMetrics {
  /** Launch times: a provider call takes seconds; a local node boots within the call. */
  public static final List<String> LAUNCH_OUTCOMES = List.of("launched", "deferred", "failed");

  private static final Duration[] LAUNCH_BUCKETS = {
    Duration.ofSeconds(1),
    Duration.ofSeconds(5),
    Duration.ofSeconds(15),
    Duration.ofSeconds(30),
    Duration.ofSeconds(60),
    Duration.ofSeconds(120),
    Duration.ofSeconds(300)
  };

  private final MeterRegistry registry;
  private final Counter passes;
  private final Counter failedPasses;
  private final Counter nodesLaunched;
  private final Counter launchFailures;
  private final Counter terminated;
  private final Counter setDown;
  private final Counter signalled;
  private final Counter requeued;
  private final Timer noticeToRequeue;
  private final Optional<PassGauges> passGauges;
  private final Counter requeueFailures;
  private final Set<String> timedPools = ConcurrentHashMap.newKeySet();

  /** Meters kept in memory only (tests, one-shot commands). */
  public StratusMetrics() {
    this(new SimpleMeterRegistry());
  }

  /** Meters registered in {@code registry}: the controller runtime passes a Prometheus one. */
  public StratusMetrics(MeterRegistry registry) {
    this(registry, true);
  }

  /**
   * Counters and timers in memory, and no pass gauges: for a replay, which runs the controller's
   * passes by the ten thousand and whose figures are its own (figuring the gauges from each pass's
   * snapshot would be a fifth of its time).
   */
  public static StratusMetrics forReplay() {
    return new StratusMetrics(new SimpleMeterRegistry(), false);
  }

  private StratusMetrics(MeterRegistry registry, boolean passGauges) {
    this.registry = registry;
    passes = counter("stratus.controller.passes", "reconcile passes run");
    failedPasses =
        counter("stratus.controller.passes.failed", "passes that threw (the next one retries)");
    nodesLaunched = counter("stratus.nodes.launched", "instances launched");
    launchFailures =
        counter("stratus.launch.failures", "launches no offering could serve (nodes set DOWN)");
    terminated = counter("stratus.instances.terminated", "instances terminated");
    setDown = counter("stratus.nodes.set.down", "nodes Stratus set DOWN");
    signalled = counter("stratus.spot.jobs.signalled", "jobs signalled to checkpoint for a notice");
    requeued = counter("stratus.spot.jobs.requeued", "jobs requeued by Stratus for a notice");
    requeueFailures =
        counter("stratus.spot.requeue.failures", "scontrol requeue for a notice that failed");
    noticeToRequeue =
        Timer.builder("stratus.spot.notice.to.requeue")
            .description(
                "notice received by the controller to scontrol requeue issued, grace included")
            .serviceLevelObjectives(
                Duration.ofSeconds(5),
                Duration.ofSeconds(15),
                Duration.ofSeconds(30),
                Duration.ofSeconds(60),
                Duration.ofSeconds(120))
            .register(registry);
    for (InterruptionNotice.Kind kind : InterruptionNotice.Kind.values()) {
      notices(kind);
    }
    for (boolean withNotice : new boolean[] {true, false}) {
      reclaims(withNotice);
      gpuSecondsLost(withNotice);
    }
    this.passGauges = passGauges ? Optional.of(new PassGauges(registry)) : Optional.empty();
  }

  public MeterRegistry registry() {
    return registry;
  }

  public void passRan() {
    passes.increment();
  }

  public void passFailed() {
    failedPasses.increment();
  }

  public void nodesLaunched(int n) {
    nodesLaunched.increment(n);
  }

  public void launchFailed() {
    launchFailures.increment();
  }

  public void instancesTerminated(int n) {
    terminated.increment(n);
  }

  public void nodesSetDown(int n) {
    setDown.increment(n);
  }

  public void noticeReceived(InterruptionNotice.Kind kind) {
    notices(kind).increment();
  }

  public void reclaimed(boolean withNotice) {
    reclaims(withNotice).increment();
  }

  public void jobSignalled() {
    signalled.increment();
  }

  /** A job requeued for a notice, {@code sinceNotice} after the controller received it. */
  public void jobRequeued(Duration sinceNotice) {
    requeued.increment();
    noticeToRequeue.record(sinceNotice);
  }

  /** {@code scontrol requeue} for a notice failed; the notice lane asks again. */
  public void requeueFailed() {
    requeueFailures.increment();
  }

  public long requeueFailures() {
    return (long) requeueFailures.count();
  }

  /** A cloud call of {@code kind} on {@code provider} ran past its time limit and was abandoned. */
  public void cloudTaskAbandoned(String provider, String kind) {
    counter(
            "stratus.cloud.tasks.abandoned",
            "cloud calls abandoned past their time limit",
            "provider",
            provider,
            "kind",
            kind)
        .increment();
  }

  /** Abandoned cloud calls of every provider and kind. */
  public long cloudTasksAbandoned() {
    return (long)
        registry.find("stratus.cloud.tasks.abandoned").counters().stream()
            .mapToDouble(Counter::count)
            .sum();
  }

  /** See {@link GpuSeconds#lost}. */
  public void gpuSecondsLost(double gpuSeconds, boolean withNotice) {
    gpuSecondsLost(withNotice).increment(gpuSeconds);
  }

  /** One launch of {@code pool} took {@code took} and ended {@code launched|deferred|failed}. */
  public void launchFinished(String pool, String outcome, Duration took) {
    launchTimer(pool, outcome).record(took);
  }

  /**
   * The end of a pass: what it observed ({@code snapshot}) and planned ({@code plan}) feed the pass
   * gauges ({@link PassGauges}). Called by the controller once per pass, after acting.
   */
  public void passObserved(Snapshot snapshot, List<Action> plan) {
    passGauges.ifPresent(g -> g.observe(snapshot, plan));
    for (Pool pool : snapshot.pools()) {
      if (timedPools.add(pool.name())) { // each pool's series from its first pass on
        for (String outcome : LAUNCH_OUTCOMES) {
          launchTimer(pool.name(), outcome);
        }
      }
    }
  }

  private Timer launchTimer(String pool, String outcome) {
    return Timer.builder("stratus.launch.duration")
        .description("one launch, every offering tried, to its outcome")
        .tags("pool", pool, "outcome", outcome)
        .serviceLevelObjectives(LAUNCH_BUCKETS)
        .register(registry);
  }

  public long nodesLaunched() {
    return (long) nodesLaunched.count();
  }

  public Timer noticeToRequeue() {
    return noticeToRequeue;
  }

  private Counter notices(InterruptionNotice.Kind kind) {
    String tag = kind.name().toLowerCase(Locale.ROOT);
    return counter("stratus.spot.notices", "notices received, once per instance", "kind", tag);
  }

  private Counter reclaims(boolean withNotice) {
    return counter(
        "stratus.spot.reclaims",
        "instances lost: with a notice, or found gone by the reconcile pass",
        "notice",
        Boolean.toString(withNotice));
  }

  private Counter gpuSecondsLost(boolean withNotice) {
    return counter(
        "stratus.spot.gpu.seconds.lost",
        "GPUs x seconds since the job's last start when a reclaim cut its run (upper bound)",
        "notice",
        Boolean.toString(withNotice));
  }

  /** Registers once; later calls with the same name and tags return the same counter. */
  private Counter counter(String name, String help, String... tags) {
    return Counter.builder(name).description(help).tags(tags).register(registry);
  }
}
