package dev.stratus.simulator.cluster;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.hook.spool.ResumeFile;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The simulated slurmctld: node slots per pool, the job queue, and the scheduler. Jobs are taken in
 * submission order and each goes, whole, to the first pool of its partition (cheapest offering
 * first, as the rendered node weights make Slurm do) with enough free nodes, idle ones before
 * powered-down ones; a job that does not fit waits and later ones may pass it (backfill without
 * reservations). One job per node. Allocating powered-down nodes is what calls ResumeProgram: the
 * jobs and their nodes become one resume request. As time passes it moves nodes and jobs on as
 * slurmctld does: a booted node gets busy, an idle one past SuspendTime powers down, a job whose
 * nodes are all up runs, a job whose work is done ends.
 */
final class SimSlurm {
  final Map<String, SimNode> nodes = new LinkedHashMap<>();
  private final Map<String, List<Pool>> poolsByPartition = new LinkedHashMap<>();
  private final Map<String, List<SimNode>> nodesByPool = new LinkedHashMap<>();
  private final String defaultPartition;
  private final Duration checkpointEvery;

  SimSlurm(List<Pool> pools, Duration checkpointEvery) {
    this.checkpointEvery = checkpointEvery;
    for (Pool p : pools) {
      poolsByPartition.computeIfAbsent(p.partition(), k -> new ArrayList<>()).add(p);
      List<SimNode> slots = new ArrayList<>();
      for (String n : p.nodeNames()) {
        SimNode node = new SimNode(n, p);
        nodes.put(n, node);
        slots.add(node);
      }
      nodesByPool.put(p.name(), slots);
    }
    poolsByPartition.values().forEach(l -> l.sort(Comparator.comparing(SimSlurm::cheapest)));
    defaultPartition = pools.get(0).partition();
  }

  String partitionOf(SimJob job) {
    return job.partition().filter(poolsByPartition::containsKey).orElse(defaultPartition);
  }

  /** The largest job (in nodes) the partition can ever hold. */
  int capacityOf(String partition) {
    return poolsByPartition.get(partition).stream().mapToInt(Pool::maxNodes).max().orElse(0);
  }

  /**
   * Allocates what fits, in order; returns the resume request's jobs (powered-down nodes to power
   * up), empty when every allocation found its nodes up.
   */
  List<ResumeFile.JobNodes> schedule(List<JobRun> pending, Instant now) {
    List<ResumeFile.JobNodes> resume = new ArrayList<>();
    for (JobRun job : pending) {
      if (job.held || job.eligibleAt.isAfter(now)) {
        continue;
      }
      Optional<List<SimNode>> fit = fit(job);
      if (fit.isEmpty()) {
        continue;
      }
      job.phase = JobRun.Phase.STARTING;
      job.allocate(fit.get());
      job.pool = fit.get().get(0).pool;
      List<String> powerUp = new ArrayList<>();
      for (SimNode n : fit.get()) {
        n.job = job;
        if (n.state == SimNode.State.POWERED_DOWN) {
          n.state = SimNode.State.POWERING_UP;
          n.since = now;
          powerUp.add(n.name);
        } else {
          n.state = n.readyAt.isAfter(now) ? SimNode.State.POWERING_UP : SimNode.State.BUSY;
        }
      }
      if (!powerUp.isEmpty()) {
        resume.add(new ResumeFile.JobNodes(job.slurmId, Hostlist.compress(powerUp)));
      }
    }
    return resume;
  }

  /**
   * {@code node}'s instance was launched at {@code now}: its slurmd registers {@code boot} later.
   */
  void instanceUp(String node, Instance instance, Instant now, Duration boot) {
    SimNode n = nodes.get(node);
    n.instance = instance;
    n.readyAt = now.plus(boot);
  }

  /**
   * {@code instanceId} is gone from {@code node} (terminated, or taken back by its cloud). A job
   * still running there loses what it ran since its last checkpoint and is requeued, as Slurm
   * requeues the jobs of a node that stopped answering; returns the work lost (none if the node had
   * another instance or no job).
   */
  Duration instanceGone(String node, String instanceId, Instant now, Instant eligibleAt) {
    SimNode n = nodes.get(node);
    if (n == null || n.instance == null || !n.instance.id().equals(instanceId)) {
      return Duration.ZERO;
    }
    n.instance = null;
    JobRun job = n.job;
    if (job == null) {
      return Duration.ZERO;
    }
    return requeue(job, now, eligibleAt);
  }

  /** Running jobs whose work is done end, and leave their nodes idle. */
  void finish(List<JobRun> active, Instant now) {
    for (JobRun j : active) {
      if (j.phase == JobRun.Phase.RUNNING && !j.finishAt().isAfter(now)) {
        j.phase = JobRun.Phase.DONE;
        j.finishedAt = j.finishAt();
        for (SimNode n : j.allocated) {
          n.job = null;
          n.state = SimNode.State.IDLE;
          n.since = j.finishedAt;
        }
      }
    }
  }

  /**
   * Nodes whose instance booted become busy, idle ones past the suspend time power down (their
   * names into {@code suspend}, for SuspendProgram); true when a timer the controller's garbage
   * collector acts on ran out (a DOWN node past the down hold, a resume past its power-up limit).
   */
  boolean advance(
      Instant now,
      Duration suspendTime,
      Duration downHold,
      Duration powerUp,
      List<String> suspend) {
    boolean timers = false;
    for (SimNode n : nodes.values()) {
      if (n.state == SimNode.State.POWERING_UP && n.instance != null && !n.readyAt.isAfter(now)) {
        n.state = SimNode.State.BUSY;
      } else if (n.state == SimNode.State.IDLE && !n.since.plus(suspendTime).isAfter(now)) {
        n.state = SimNode.State.POWERED_DOWN;
        suspend.add(n.name);
      } else if (n.state == SimNode.State.DOWN && !n.since.plus(downHold).isAfter(now)) {
        timers = true;
      } else if (n.state == SimNode.State.POWERING_UP
          && n.instance == null
          && !n.since.plus(powerUp).isAfter(now)) {
        timers = true;
      }
    }
    return timers;
  }

  /** Jobs whose every node is up start running. */
  void startRunning(List<JobRun> active, Instant now) {
    for (JobRun j : active) {
      if (j.phase == JobRun.Phase.STARTING
          && j.allocated.stream().allMatch(n -> n.state == SimNode.State.BUSY)) {
        j.phase = JobRun.Phase.RUNNING;
        j.runStart = now;
        j.firstStart = j.firstStart == null ? now : j.firstStart;
      }
    }
  }

  private Optional<List<SimNode>> fit(JobRun job) {
    for (Pool p : poolsByPartition.get(partitionOf(job.spec))) {
      List<SimNode> free = new ArrayList<>();
      for (SimNode n : nodesByPool.get(p.name())) {
        if (n.free() && n.state == SimNode.State.IDLE) {
          free.add(n);
        }
      }
      for (SimNode n : nodesByPool.get(p.name())) {
        if (n.free() && n.state == SimNode.State.POWERED_DOWN) {
          free.add(n);
        }
      }
      if (free.size() >= job.nodes) {
        return Optional.of(free.subList(0, job.nodes));
      }
    }
    return Optional.empty();
  }

  /**
   * The job leaves its nodes (requeued, eligible again at {@code eligibleAt}): nodes with an
   * instance stay up and idle, the others power down. It keeps the work its checkpoints hold;
   * returns what it ran since the last one, which is lost.
   */
  Duration requeue(JobRun job, Instant now, Instant eligibleAt) {
    Duration lost = job.stop(now, checkpointEvery);
    for (SimNode n : job.allocated) {
      if (n.job != job) {
        continue;
      }
      n.job = null;
      if (n.state == SimNode.State.DOWN || n.state == SimNode.State.POWERED_DOWN) {
        continue;
      }
      n.state = n.instance != null ? SimNode.State.IDLE : SimNode.State.POWERED_DOWN;
      n.since = n.instance != null && n.readyAt.isAfter(now) ? n.readyAt : now;
    }
    job.release();
    job.phase = JobRun.Phase.PENDING;
    job.restarts++;
    job.eligibleAt = eligibleAt;
    job.runStart = null;
    return lost;
  }

  /**
   * What {@code squeue --json} would say of an unfinished job: its submission, deadline and time
   * limit, its start while it runs, and for a job held for a budget Slurm's hold reason with the
   * AdminComment Stratus wrote.
   */
  static SlurmJob view(JobRun job, Duration timeLimit) {
    String state =
        switch (job.phase) {
          case RUNNING -> "RUNNING";
          case STARTING -> "CONFIGURING";
          default -> "PENDING";
        };
    String nodes = job.nodeList();
    return new SlurmJob(
        job.slurmId,
        job.spec.id(),
        state,
        job.held ? "JobHeldAdmin" : "",
        job.partition,
        nodes,
        job.nodes,
        "gpu:" + Math.min(job.spec.gpus(), job.pool == null ? 8 : job.pool.gpusPerNode()),
        job.restarts,
        true,
        Optional.ofNullable(job.runStart),
        new SlurmJob.Accounting(
            job.spec.user(),
            job.spec.account(),
            Optional.of(timeLimit),
            Optional.empty(),
            job.adminComment,
            Optional.of(job.spec.submit()),
            job.deadline),
        "");
  }

  private static BigDecimal cheapest(Pool p) {
    return p.offerings().stream()
        .map(Offering::pricePerHour)
        .min(BigDecimal::compareTo)
        .orElseThrow();
  }
}
