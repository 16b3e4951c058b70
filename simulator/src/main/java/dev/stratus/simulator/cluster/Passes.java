package dev.stratus.simulator.cluster;

import dev.stratus.api.model.Instance;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.UnavailableOfferings;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.DeadlineContext;
import dev.stratus.core.plan.JobDeadline;
import dev.stratus.core.plan.Planner;
import dev.stratus.core.plan.Reasons;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.policy.SpotHistory;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reconcile pass of the simulated controller: the snapshot the controller would observe, {@code
 * Planner.plan} (timed), over the jobs submitted and not yet done ({@code active}), budget
 * admission of its launches ({@link SimBudgets}), and the actions carried out on the simulated
 * Slurm and clouds. A job whose launch was refused (no offering had room, the deadline policy chose
 * to wait, a budget held it) is requeued and eligible again at the next decision interval: the
 * policy's answer can only change with what a new interval brings, and retrying every {@code
 * downHold} as Slurm would only costs passes.
 */
final class Passes {
  private final StratusConfig config;
  private final ClusterSettings settings;
  private final SimSlurm slurm;
  private final SpotCapacity capacity;
  private final List<JobRun> jobs;
  private final List<JobRun> active;
  private final List<SpoolRequest> spool;
  private final UnavailableOfferings unavailable;
  private final SpotHistory history = new SpotHistory();
  private final SimCloud cloud;
  private final SimBudgets budgets;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private long[] nanos = new long[1024];
  private long cpuNanos;
  private int count;

  /**
   * Planner time per pass: wall time (mean, p99, max) and the thread's CPU time (mean), which other
   * processes on a shared machine do not inflate.
   */
  record Timing(
      long passes, double meanMicros, double p99Micros, double maxMicros, double cpuMeanMicros) {}

  Passes(
      StratusConfig config,
      ClusterSettings settings,
      SimSlurm slurm,
      SpotCapacity capacity,
      SimClock clock,
      List<JobRun> jobs,
      List<JobRun> active,
      List<SpoolRequest> spool) {
    this.config = config;
    this.settings = settings;
    this.slurm = slurm;
    this.capacity = capacity;
    this.jobs = jobs;
    this.active = active;
    this.spool = spool;
    Duration ttl = config.timeouts().unavailableTtl();
    this.unavailable = new UnavailableOfferings(clock, ttl, ttl.multipliedBy(10));
    this.cloud = new SimCloud(capacity, unavailable, history);
    this.budgets = new SimBudgets(settings.budgets(), cloud);
  }

  SimCloud cloud() {
    return cloud;
  }

  int holds() {
    return budgets.holds();
  }

  void run(Instant now) {
    history.observePass(now, cloud.alive(), unavailable.current());
    budgets.accrue(now, jobs);
    Snapshot s = snapshot(now);
    long cpu = THREADS.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    List<Action> actions = Planner.plan(s);
    record(System.nanoTime() - start);
    cpuNanos += THREADS.getCurrentThreadCpuTime() - cpu;
    for (Action a : actions) {
      if (a instanceof Action.Launch l) {
        JobRun job = l.jobId() > 0 ? jobs.get((int) l.jobId() - 1) : null;
        Optional<Action.Launch> admitted = budgets.admit(l, job, now, jobs);
        if (admitted.isPresent()) {
          launch(admitted.get(), job, now);
        } else if (job != null) {
          slurm.requeue(job, now, capacity.nextTick(now));
        }
      } else {
        act(a, now);
      }
    }
  }

  private Snapshot snapshot(Instant now) {
    // Each loop is a method of its own, so that the JIT compiles the hot loop alone (on-stack
    // replacement) rather than this whole method once per loop.
    List<SlurmNode> nodes = new ArrayList<>(slurm.nodes.size());
    Map<String, Instant> poweringUp = new HashMap<>();
    Map<String, Instant> down = new HashMap<>();
    observeNodes(nodes, poweringUp, down);
    List<SlurmJob> jobViews = new ArrayList<>();
    Map<Long, JobDeadline> deadlines = new HashMap<>();
    observeJobs(now, jobViews, deadlines);
    DeadlineContext ctx =
        settings.policy().isEmpty()
            ? DeadlineContext.NONE
            : new DeadlineContext(
                settings.policy(),
                Duration.ofSeconds(capacity.gapSeconds()),
                settings.boot(),
                deadlines,
                history.snapshot());
    // Budgets are applied per launch below (BudgetAdmission on the simulated ledger), not by the
    // planner's gate, which reads the controller's ledger figures.
    return Snapshot.builder(now, config.pools(), config.timeouts(), config.spot())
        .nodes(nodes)
        .jobs(jobViews)
        .instances(cloud.alive())
        .requests(spool)
        .unavailable(unavailable.current())
        .probing(unavailable.probing())
        .poweringUpSince(poweringUp)
        .downSince(down)
        .deadlines(ctx)
        .build();
  }

  private void observeNodes(
      List<SlurmNode> nodes, Map<String, Instant> poweringUp, Map<String, Instant> down) {
    for (SimNode n : slurm.nodes.values()) {
      nodes.add(n.view());
      if (n.state == SimNode.State.POWERING_UP && n.instance == null) {
        poweringUp.put(n.name, n.since);
      } else if (n.state == SimNode.State.DOWN) {
        down.put(n.name, n.since);
      }
    }
  }

  private void observeJobs(Instant now, List<SlurmJob> views, Map<Long, JobDeadline> deadlines) {
    for (JobRun j : active) {
      if (j.phase == JobRun.Phase.WAITING || j.phase == JobRun.Phase.DONE) {
        continue;
      }
      views.add(j.view());
      if (j.deadline.isPresent() && j.phase == JobRun.Phase.STARTING) {
        deadlines.put(
            j.slurmId,
            new JobDeadline(
                j.spec.submit(),
                j.deadline.get(),
                j.spec.timeLimit(),
                j.doneAt(now, settings.checkpointEvery())));
      }
    }
  }

  private void launch(Action.Launch l, JobRun job, Instant now) {
    if (job != null && job.phase != JobRun.Phase.STARTING) {
      return;
    }
    Optional<List<Instance>> launched =
        cloud.launch(l.candidates(), l.nodes(), l.pool(), l.jobId(), now);
    if (launched.isPresent()) {
      for (Instance i : launched.get()) {
        SimNode n = slurm.nodes.get(i.nodeName().orElseThrow());
        n.instance = i;
        n.readyAt = now.plus(settings.boot());
      }
      return;
    }
    setDown(l.nodes(), Reasons.of("launch failed: no offering had capacity"), now);
  }

  private void act(Action a, Instant now) {
    if (a instanceof Action.Ack ack) {
      spool.removeIf(r -> r.id().equals(ack.requestId()));
    } else if (a instanceof Action.SetDown d) {
      setDown(d.nodes(), d.reason(), now);
    } else if (a instanceof Action.InstanceGone g) {
      setDown(g.nodes(), g.reason(), now);
    } else if (a instanceof Action.Terminate t) {
      t.instanceIds().forEach(id -> terminate(id, now));
    } else if (a instanceof Action.MarkUnavailable m) {
      unavailable.markUnavailable(m.offering());
    } else if (a instanceof Action.ForcePowerDown f) {
      powerDown(f.nodes(), now);
    } else if (a instanceof Action.ReturnToService r) {
      returnToService(r.nodes());
    }
    // Node features and notices change nothing the simulation models.
  }

  private void terminate(String id, Instant now) {
    cloud.terminate(id, now);
    for (SimNode n : slurm.nodes.values()) {
      if (n.instance != null && n.instance.id().equals(id)) {
        n.instance = null;
        if (n.state == SimNode.State.IDLE || n.state == SimNode.State.BUSY) {
          n.state = SimNode.State.POWERED_DOWN;
        }
      }
    }
  }

  private void setDown(List<String> names, String reason, Instant now) {
    for (String name : names) {
      SimNode n = slurm.nodes.get(name);
      JobRun job = n.job;
      if (n.instance != null) {
        cloud.terminate(n.instance.id(), now);
        n.instance = null;
      }
      n.state = SimNode.State.DOWN;
      n.reason = reason;
      n.since = now;
      if (job != null) {
        slurm.requeue(job, now, capacity.nextTick(now));
      }
    }
  }

  private void powerDown(List<String> names, Instant now) {
    for (String name : names) {
      SimNode n = slurm.nodes.get(name);
      JobRun job = n.job;
      if (n.instance != null) {
        cloud.terminate(n.instance.id(), now);
        n.instance = null;
      }
      if (job != null) {
        slurm.requeue(job, now, now.plus(settings.requeueHold()));
      }
      if (n.state != SimNode.State.DOWN) {
        n.state = SimNode.State.POWERED_DOWN;
      }
    }
  }

  private void returnToService(List<String> names) {
    for (String name : names) {
      SimNode n = slurm.nodes.get(name);
      if (n.state == SimNode.State.DOWN) {
        n.state = SimNode.State.POWERED_DOWN;
        n.reason = "";
      }
    }
  }

  private void record(long elapsed) {
    if (count == nanos.length) {
      nanos = Arrays.copyOf(nanos, count * 2);
    }
    nanos[count++] = elapsed;
  }

  Timing timing() {
    long[] sorted = Arrays.copyOf(nanos, count);
    Arrays.sort(sorted);
    double mean = Arrays.stream(sorted).average().orElse(0) / 1000;
    double p99 = count == 0 ? 0 : sorted[(int) Math.min(count - 1, count * 0.99)] / 1000.0;
    double max = count == 0 ? 0 : sorted[count - 1] / 1000.0;
    return new Timing(count, mean, p99, max, count == 0 ? 0 : cpuNanos / 1000.0 / count);
  }
}
