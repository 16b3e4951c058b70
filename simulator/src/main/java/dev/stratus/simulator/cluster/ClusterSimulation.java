package dev.stratus.simulator.cluster;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.simulator.trace.Trace;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Replays a job stream through the controller's own decisions on a simulated clock: simulated Slurm
 * ({@link SimSlurm}), simulated clouds whose spot capacity follows the traces ({@link SimCloud}),
 * and, at every moment something happens, a reconcile pass ({@link Passes}) that plans with the
 * real {@code Planner.plan}, admits against the budgets with {@code BudgetAdmission} and acts. A
 * reclaim is handled as the notice lane does: the job is requeued from its last checkpoint, the
 * node powered down and the offering marked unavailable. Deterministic: the same inputs give the
 * same result (there is no randomness; ties keep input order).
 */
public final class ClusterSimulation {
  private final StratusConfig config;
  private final ClusterSettings settings;
  private final List<JobRun> jobs = new ArrayList<>();
  private final List<JobRun> active = new ArrayList<>();
  private final SimClock clock;
  private final SimSlurm slurm;
  private final SpotCapacity capacity;
  private final Passes passes;
  private final List<SpoolRequest> spool = new ArrayList<>();
  private int nextSubmit;
  private long requestSeq;
  private int reclaims;
  private double gpuHoursLost;

  public ClusterSimulation(
      StratusConfig config,
      List<SimJob> stream,
      List<Trace> traces,
      Path traceDir,
      ClusterSettings settings) {
    this.config = config;
    this.settings = settings;
    this.capacity = new SpotCapacity(config.pools(), traces, traceDir);
    this.slurm = new SimSlurm(config.pools());
    Instant shift = stream.isEmpty() ? capacity.origin() : stream.get(0).submit();
    Duration offset = Duration.between(shift, capacity.origin());
    int gpusPerNode = config.pools().stream().mapToInt(Pool::gpusPerNode).min().orElseThrow();
    for (SimJob j : stream) {
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
      if (run.nodes > slurm.capacityOf(slurm.partitionOf(moved))) {
        throw new IllegalArgumentException(
            "job "
                + j.id()
                + " needs "
                + run.nodes
                + " nodes, more than any pool of partition "
                + slurm.partitionOf(moved)
                + " has (raise maxNodes)");
      }
      jobs.add(run);
    }
    this.clock = new SimClock(capacity.origin());
    this.passes = new Passes(config, settings, slurm, capacity, clock, jobs, active, spool);
  }

  public ClusterResult run() {
    Instant now = clock.instant().minusMillis(1); // so that what is due at the origin runs
    int done = 0;
    // Until every job is done and every instance gone: the last nodes' idle time is paid too.
    while (done < jobs.size() || passes.cloud().anyAlive()) {
      now = next(now);
      clock.set(now);
      boolean timers = step(now);
      if (!spool.isEmpty() || timers) {
        passes.run(now);
      }
      done += (int) active.stream().filter(j -> j.phase == JobRun.Phase.DONE).count();
      active.removeIf(j -> j.phase == JobRun.Phase.DONE);
    }
    return result(now);
  }

  /** Everything due at {@code now}; true when a timer the garbage collector acts on ran out. */
  private boolean step(Instant now) {
    slurm.finish(active, now);
    for (Instance i : passes.cloud().reclaims(now)) {
      reclaim(i, now);
    }
    List<String> suspend = new ArrayList<>();
    Timeouts t = new Timeouts(config);
    boolean timers = slurm.advance(now, t.suspend, t.downHold, t.powerUp, suspend);
    while (nextSubmit < jobs.size() && !jobs.get(nextSubmit).spec.submit().isAfter(now)) {
      JobRun j = jobs.get(nextSubmit++);
      j.phase = JobRun.Phase.PENDING;
      active.add(j);
    }
    List<JobRun> pending = active.stream().filter(j -> j.phase == JobRun.Phase.PENDING).toList();
    List<ResumeFile.JobNodes> resume = slurm.schedule(pending, now);
    slurm.startRunning(active, now);
    if (!suspend.isEmpty()) {
      spool.add(request(HookKind.SUSPEND, suspend, List.of(), now));
    }
    if (!resume.isEmpty()) {
      List<String> names = new ArrayList<>();
      resume.forEach(r -> names.addAll(Hostlist.expand(r.nodes())));
      spool.add(request(HookKind.RESUME, names, resume, now));
    }
    return timers;
  }

  private void reclaim(Instance i, Instant now) {
    reclaims++;
    SimNode n = slurm.nodes.get(i.nodeName().orElseThrow());
    passes.cloud().terminate(i.id(), now);
    n.instance = null;
    JobRun j = n.job;
    if (j != null) {
      Duration lost = j.stop(now, settings.checkpointEvery());
      gpuHoursLost += lost.toMillis() / 3_600_000.0 * j.spec.gpus();
      slurm.requeue(j, now, now.plus(settings.requeueHold()));
    }
    if (n.state != SimNode.State.DOWN) {
      n.state = SimNode.State.POWERED_DOWN;
      n.job = null;
    }
  }

  private SpoolRequest request(
      HookKind kind, List<String> nodes, List<ResumeFile.JobNodes> jobs, Instant now) {
    // As the hooks name them: sortable by time, then by the order they were made.
    String id =
        padded(now.toEpochMilli(), 19) + "-" + kind.cliName() + "-" + padded(requestSeq++, 8);
    return new SpoolRequest(id, kind, nodes, jobs, now);
  }

  private static String padded(long n, int width) {
    String digits = Long.toString(n);
    return "0".repeat(Math.max(0, width - digits.length())) + digits;
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
            best = min(best, n.instance != null ? n.readyAt : n.since.plus(t.powerUp));
        case IDLE -> best = min(best, n.since.plus(t.suspend));
        case DOWN -> best = min(best, n.since.plus(t.downHold));
        default -> {}
      }
    }
    if (passes.cloud().anySpotAlive()) {
      best = min(best, capacity.nextTick(now));
    }
    if (best.equals(Instant.MAX)) {
      throw new IllegalStateException("the simulation is stuck at " + now + ": nothing is due");
    }
    return best.isAfter(now) ? best : now.plusMillis(1);
  }

  private static Instant min(Instant a, Instant b) {
    return a.isBefore(b) ? a : b;
  }

  private ClusterResult result(Instant end) {
    for (Instance i : passes.cloud().alive()) {
      passes.cloud().terminate(i.id(), end);
    }
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
    Passes.Timing timing = passes.timing();
    return new ClusterResult(
        jobs.size(),
        jobs.size(),
        0,
        passes.cloud().cost().doubleValue(),
        baseline,
        passes.cloud().spotNodeHours(),
        passes.cloud().onDemandNodeHours(),
        deadlineJobs,
        misses,
        reclaims,
        gpuHoursLost,
        passes.holds(),
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
  private record Timeouts(Duration suspend, Duration downHold, Duration powerUp) {
    Timeouts(StratusConfig c) {
      this(c.powerSave().suspendTime(), c.timeouts().downHold(), c.timeouts().powerUp());
    }
  }
}
