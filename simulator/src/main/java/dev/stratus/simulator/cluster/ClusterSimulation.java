package dev.stratus.simulator.cluster;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerParts;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.simulator.trace.Trace;
import dev.stratus.wire.InterruptionNotice;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Replays a job stream through the controller itself on a simulated clock: a real {@link
 * Controller} (its planner, budget admission, deadline policy, actuator and notice lane, cloud
 * calls inline) drives a simulated slurmctld ({@link SimSlurmClient} over {@link SimSlurm}) and
 * simulated clouds whose spot capacity follows the traces ({@link SimCloud}, one {@link
 * SimProvider} per provider). At every moment something happens the simulated Slurm and clouds move
 * on (jobs end, nodes boot or idle out, capacity drops: the cloud announces reclaim notices, the
 * controller receives them), then the controller's notice lane runs while it holds notices, and a
 * reconcile pass runs when the hooks spooled a request, a timer the pass acts on ran out, an
 * instance ended, or the controller asked for one. There is no actuator here: every action is the
 * controller's own, carried out through the SPI and the Slurm client. Deterministic: the same
 * inputs give the same result (no randomness; ties keep input order).
 */
public final class ClusterSimulation {
  /** Passes at most at one moment: a launch's end asks for the pass that acknowledges it. */
  private static final int PASSES_PER_MOMENT = 4;

  private final StratusConfig config;
  private final ClusterSettings settings;
  private final List<JobRun> jobs = new ArrayList<>();
  private final List<JobRun> active = new ArrayList<>();
  private final SimClock clock;
  private final SimSlurm slurm;
  private final SpotCapacity capacity;
  private final SimSpool spool = new SimSpool();
  private final SimSlurmClient client;
  private final SimCloud cloud;
  private final ReplayMoney money;
  private final Controller controller;
  private final PassTimes times = new PassTimes();
  private final SimSlurmClient.Losses losses = new SimSlurmClient.Losses();
  private int nextSubmit;
  private boolean passWanted;
  private final Wiring.Steps steps;

  public ClusterSimulation(
      StratusConfig config,
      List<SimJob> stream,
      List<Trace> traces,
      Path traceDir,
      ClusterSettings settings) {
    this(config, stream, traces, traceDir, settings, Wiring.DIRECT);
  }

  ClusterSimulation(
      StratusConfig config,
      List<SimJob> stream,
      List<Trace> traces,
      Path traceDir,
      ClusterSettings settings,
      Wiring wiring) {
    this.settings = settings;
    this.steps = wiring.steps();
    this.capacity = new SpotCapacity(config.pools(), traces, traceDir);
    this.slurm = new SimSlurm(config.pools(), settings.checkpointEvery());
    Instant shift = stream.isEmpty() ? capacity.origin() : stream.get(0).submit();
    Duration offset = Duration.between(shift, capacity.origin());
    int gpusPerNode = config.pools().stream().mapToInt(Pool::gpusPerNode).min().orElseThrow();
    for (SimJob j : stream) {
      jobs.add(run(j, offset, gpusPerNode));
    }
    this.clock = new SimClock(capacity.origin());
    this.client =
        new SimSlurmClient(
            slurm, jobs, active, spool, clock, settings.requeueHold(), capacity::nextTick, losses);
    this.cloud = new SimCloud(capacity, slurm, settings.boot(), settings.requeueHold(), losses);
    ReplaySlurm slurmSide = wiring.slurm().apply(client);
    this.money = ReplayMoney.of(settings.budgets(), slurmSide);
    this.config = ReplayConfig.of(config, settings, Duration.ofSeconds(capacity.gapSeconds()));
    this.controller =
        new Controller(
            ControllerParts.builder(
                    this.config,
                    slurmSide,
                    providers(config.pools(), wiring),
                    wiring.requests().apply(spool),
                    clock)
                .money(money.money())
                .metrics(StratusMetrics.forReplay())
                .cloudCalls(ControllerParts.CloudCalls.INLINE)
                .checkpoints(
                    wiring
                        .checkpoints()
                        .apply(new SimCheckpoints(jobs, clock, settings.checkpointEvery())))
                .files(ControllerParts.Files.NONE)
                .build());
    controller.whenPassWanted(() -> passWanted = true);
  }

  private JobRun run(SimJob j, Duration offset, int gpusPerNode) {
    SimJob moved =
        new SimJob(
            j.id(),
            j.submit().plus(offset),
            j.gpus(),
            j.work(),
            j.timeLimit(),
            j.user(),
            j.account(),
            j.partition());
    Optional<Instant> deadline =
        settings.deadlineFactor() == 0
            ? Optional.empty()
            : Optional.of(
                moved
                    .submit()
                    .plusMillis(
                        Math.round(
                            j.work().plus(settings.boot()).toMillis()
                                * settings.deadlineFactor())));
    JobRun run = new JobRun(moved, jobs.size() + 1, gpusPerNode, deadline);
    run.partition = slurm.partitionOf(moved);
    if (run.nodes > slurm.capacityOf(run.partition)) {
      throw new IllegalArgumentException(
          "job "
              + j.id()
              + " needs "
              + run.nodes
              + " nodes, more than any pool of partition "
              + run.partition
              + " has (raise maxNodes)");
    }
    return run;
  }

  /** One simulated provider per provider the pools buy from. */
  private Map<String, NodeProvider> providers(List<Pool> pools, Wiring wiring) {
    Map<String, List<Offering>> offerings = new LinkedHashMap<>();
    for (Pool p : pools) {
      for (Offering o : p.offerings()) {
        offerings.computeIfAbsent(o.provider(), k -> new ArrayList<>()).add(o);
      }
    }
    Map<String, NodeProvider> out = new LinkedHashMap<>();
    offerings.forEach(
        (name, os) ->
            out.put(name, wiring.provider().apply(new SimProvider(name, os, cloud, clock))));
    return out;
  }

  public ClusterResult run() {
    try {
      Instant now = clock.instant().minusMillis(1); // so that what is due at the origin runs
      int done = 0;
      // Until every job is done and every instance gone: the last nodes' idle time is paid too.
      while (done < jobs.size() || cloud.anyAlive()) {
        now = next(now);
        clock.set(now);
        boolean wake = step(now);
        noticeLane();
        for (int i = 0; i < PASSES_PER_MOMENT && (wake || passWanted || !spool.isEmpty()); i++) {
          wake = false;
          passWanted = false;
          times.time(() -> steps.passRan(clock.instant(), controller.runPass()));
          noticeLane();
          // What the pass freed (a node returned to service) slurmctld's scheduler uses at once.
          wake |= schedule(now);
        }
        done += (int) active.stream().filter(j -> j.phase == JobRun.Phase.DONE).count();
        active.removeIf(j -> j.phase == JobRun.Phase.DONE);
      }
      return result(now);
    } finally {
      controller.close();
      money.close();
    }
  }

  /** The controller's notice lane, as its thread would run it: while it holds notices. */
  private void noticeLane() {
    if (!controller.notices().pending().isEmpty()) {
      steps.noticesRan(clock.instant(), controller.runNotices());
    }
  }

  /**
   * Everything due at {@code now} in the simulated Slurm and clouds; true when the pass has
   * something to see: a timer the garbage collector acts on ran out, or an instance ended.
   */
  private boolean step(Instant now) {
    slurm.finish(active, now);
    boolean ended = cloud.due(now);
    for (InterruptionNotice notice : cloud.reclaims(now)) {
      steps.received(now, notice);
      controller.receive(notice);
    }
    List<String> suspend = new ArrayList<>();
    Timeouts t = new Timeouts(config);
    boolean timers = slurm.advance(now, t.suspend, t.downHold, t.powerUp, suspend);
    while (nextSubmit < jobs.size() && !jobs.get(nextSubmit).spec.submit().isAfter(now)) {
      JobRun j = jobs.get(nextSubmit++);
      j.phase = JobRun.Phase.PENDING;
      active.add(j);
    }
    schedule(now);
    if (!suspend.isEmpty()) {
      spool.add(HookKind.SUSPEND, suspend, List.of(), now);
    }
    return timers || ended;
  }

  /**
   * slurmctld's scheduler: pending jobs onto free nodes, jobs whose nodes are up running; a resume
   * request for the powered-down nodes it allocated. True when it spooled one.
   */
  private boolean schedule(Instant now) {
    List<JobRun> pending = active.stream().filter(j -> j.phase == JobRun.Phase.PENDING).toList();
    List<ResumeFile.JobNodes> resume = slurm.schedule(pending, now);
    slurm.startRunning(active, now);
    if (resume.isEmpty()) {
      return false;
    }
    List<String> names = new ArrayList<>();
    resume.forEach(r -> names.addAll(Hostlist.expand(r.nodes())));
    spool.add(HookKind.RESUME, names, resume, now);
    return true;
  }

  /** The next moment anything happens after {@code now}. */
  private Instant next(Instant now) {
    Timeouts t = new Timeouts(config);
    Instant best = Instant.MAX;
    if (nextSubmit < jobs.size()) {
      best = min(best, jobs.get(nextSubmit).spec.submit());
    }
    for (JobRun j : active) {
      switch (j.phase) {
        case RUNNING -> best = min(best, j.finishAt());
        case PENDING -> best = j.eligibleAt.isAfter(now) ? min(best, j.eligibleAt) : best;
        default -> {}
      }
    }
    for (SimNode n : slurm.nodes.values()) {
      switch (n.state) {
        case POWERING_UP ->
            best =
                min(best, n.instance != null ? n.readyAt : timer(n.since.plus(t.powerUp), now, t));
        case IDLE -> best = min(best, n.since.plus(t.suspend));
        case DOWN -> best = min(best, timer(n.since.plus(t.downHold), now, t));
        default -> {}
      }
    }
    if (cloud.anySpotAlive()) {
      best = min(best, capacity.nextTick(now));
    }
    best = min(best, cloud.nextEnd().orElse(Instant.MAX));
    best = min(best, controller.noticesDue().orElse(Instant.MAX));
    if (!spool.isEmpty()) {
      best = min(best, now.plusSeconds(1)); // a request its passes left waits for the next
    }
    if (best.equals(Instant.MAX)) {
      throw new IllegalStateException(
          "the simulation is stuck at " + now + ": nothing is due; " + stateOf());
    }
    return best.isAfter(now) ? best : now.plusMillis(1);
  }

  /** What the nodes and jobs are doing, for a message. */
  private String stateOf() {
    StringBuilder b = new StringBuilder();
    slurm
        .nodes
        .values()
        .forEach(
            n ->
                b.append(n.name)
                    .append('=')
                    .append(n.state)
                    .append(n.drained ? "+DRAIN" : "")
                    .append(n.instance == null ? "" : "+instance")
                    .append(' '));
    active.forEach(
        j ->
            b.append("job ")
                .append(j.slurmId)
                .append('=')
                .append(j.phase)
                .append(j.held ? "+held" : "")
                .append(' '));
    return b.toString().strip();
  }

  /**
   * When a garbage collector's timer is next worth a pass: when it runs out, and once it has, at
   * the controller's reconcile interval (its own clock for the node may have started a little later
   * than Slurm's), as a real controller's periodic passes would.
   */
  private static Instant timer(Instant runsOut, Instant now, Timeouts t) {
    return runsOut.isAfter(now) ? runsOut : now.plus(t.reconcile);
  }

  private static Instant min(Instant a, Instant b) {
    return a.isBefore(b) ? a : b;
  }

  private ClusterResult result(Instant end) {
    cloud.endAll(end);
    double cheapestOnDemand =
        config.pools().stream()
            .flatMap(p -> p.offerings().stream())
            .filter(o -> o.capacityType() == CapacityType.ON_DEMAND)
            .map(Offering::pricePerHour)
            .min(BigDecimal::compareTo)
            .orElse(BigDecimal.ZERO)
            .doubleValue();
    double baseline = 0;
    int deadlineJobs = 0;
    int misses = 0;
    double[] queue = new double[jobs.size()];
    for (int k = 0; k < jobs.size(); k++) {
      JobRun j = jobs.get(k);
      baseline +=
          j.nodes
              * (j.spec.work().plus(settings.boot()).toMillis() / 3_600_000.0)
              * cheapestOnDemand;
      queue[k] = Duration.between(j.spec.submit(), j.firstStart).toMillis() / 3_600_000.0;
      if (j.deadline.isPresent()) {
        deadlineJobs++;
        misses += j.finishedAt.isAfter(j.deadline.get()) ? 1 : 0;
      }
    }
    Arrays.sort(queue);
    PassTimes.Timing timing = times.timing();
    return new ClusterResult(
        jobs.size(),
        jobs.size(),
        0,
        cloud.cost().doubleValue(),
        baseline,
        cloud.spotNodeHours(),
        cloud.onDemandNodeHours(),
        deadlineJobs,
        misses,
        cloud.reclaimCount(),
        losses.gpuHours,
        client.holds(),
        Arrays.stream(queue).average().orElse(0),
        queue.length == 0 ? 0 : queue[(int) Math.min(queue.length - 1, queue.length * 0.95)],
        timing.passes(),
        timing.meanMicros(),
        timing.p99Micros(),
        timing.maxMicros(),
        timing.cpuMeanMicros(),
        Duration.between(capacity.origin(), end).toMillis() / 86_400_000.0);
  }

  /** The timers the simulated Slurm and the garbage collector use, from stratus.yaml. */
  private record Timeouts(
      Duration suspend, Duration downHold, Duration powerUp, Duration reconcile) {
    Timeouts(StratusConfig c) {
      this(
          c.powerSave().suspendTime(),
          c.timeouts().downHold(),
          c.timeouts().powerUp(),
          c.timeouts().reconcileInterval());
    }
  }
}
