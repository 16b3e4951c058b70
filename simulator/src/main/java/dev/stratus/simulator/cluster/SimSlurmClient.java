package dev.stratus.simulator.cluster;

import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.hook.spool.HookKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The controller's view of the simulated slurmctld ({@link SimSlurm}): the commands the controller
 * runs, and what each does to nodes and jobs, as slurmctld does it.
 *
 * <ul>
 *   <li>{@code setDown}: the node is DOWN with the reason; a job on it is requeued. Slurm would
 *       make it eligible again after the requeue hold and retry it every few seconds; here it is
 *       eligible again at the next decision interval ({@code retry}), where the planner's answer (a
 *       refused or waiting launch) can change, which saves passes that decide nothing new.
 *   <li>{@code powerDownForce}: the node powers down (a DOWN one stays DOWN), a job on it is
 *       requeued with the requeue hold, and SuspendProgram spools a suspend request.
 *   <li>{@code requeue}: the job leaves its nodes, keeps its checkpointed work, and is eligible
 *       after the requeue hold; {@code hold}, {@code release}: a held job is not scheduled.
 *   <li>{@code drain}: the node takes no new job; {@code resume}: a DOWN node is powered down again
 *       ({@code idle~}) and drain and reason go.
 *   <li>{@code signalBatch}, {@code setFeatures}, {@code reconfigure}, {@code setTopology}, {@code
 *       recordCost}: counted or ignored; nothing the replay measures depends on them.
 * </ul>
 */
final class SimSlurmClient implements ReplaySlurm {
  private final SimSlurm slurm;
  private final List<JobRun> jobs;
  private final List<JobRun> active;
  private final SimSpool spool;
  private final Clock clock;
  private final Duration requeueHold;
  private final UnaryOperator<Instant> retry;
  private final Losses losses;
  private int holds;

  /** Work the controller's requeues cost the jobs, in GPU-hours. */
  static final class Losses {
    double gpuHours;

    void add(JobRun job, Duration lost) {
      gpuHours += lost.toMillis() / 3_600_000.0 * job.spec.gpus();
    }
  }

  SimSlurmClient(
      SimSlurm slurm,
      List<JobRun> jobs,
      List<JobRun> active,
      SimSpool spool,
      Clock clock,
      Duration requeueHold,
      UnaryOperator<Instant> retry,
      Losses losses) {
    this.slurm = slurm;
    this.jobs = jobs;
    this.active = active;
    this.spool = spool;
    this.clock = clock;
    this.requeueHold = requeueHold;
    this.retry = retry;
    this.losses = losses;
  }

  int holds() {
    return holds;
  }

  @Override
  public List<SlurmNode> nodes() {
    List<SlurmNode> out = new ArrayList<>(slurm.nodes.size());
    for (SimNode n : slurm.nodes.values()) {
      out.add(n.view());
    }
    return out;
  }

  @Override
  public List<SlurmJob> jobs() {
    List<SlurmJob> out = new ArrayList<>();
    for (JobRun j : active) {
      if (j.phase != JobRun.Phase.WAITING && j.phase != JobRun.Phase.DONE) {
        out.add(j.view());
      }
    }
    return out;
  }

  @Override
  public void setDown(Collection<String> nodes, String reason) {
    Instant now = clock.instant();
    for (String name : nodes) {
      SimNode n = slurm.nodes.get(name);
      JobRun job = n.job;
      n.state = SimNode.State.DOWN;
      n.reason = reason;
      n.since = now;
      if (job != null) {
        losses.add(job, slurm.requeue(job, now, retry.apply(now)));
      }
    }
  }

  @Override
  public void resume(Collection<String> nodes) {
    for (String name : nodes) {
      SimNode n = slurm.nodes.get(name);
      if (n.state == SimNode.State.DOWN) {
        n.state = SimNode.State.POWERED_DOWN;
      }
      n.drained = false;
      n.reason = "";
    }
  }

  @Override
  public void powerDownForce(Collection<String> nodes, String reason) {
    Instant now = clock.instant();
    for (String name : nodes) {
      SimNode n = slurm.nodes.get(name);
      JobRun job = n.job;
      if (job != null) {
        losses.add(job, slurm.requeue(job, now, now.plus(requeueHold)));
      }
      if (n.state != SimNode.State.DOWN) {
        n.state = SimNode.State.POWERED_DOWN;
        n.since = now;
      }
    }
    spool.add(HookKind.SUSPEND, List.copyOf(nodes), List.of(), now);
  }

  @Override
  public void drain(Collection<String> nodes, String reason) {
    for (String name : nodes) {
      SimNode n = slurm.nodes.get(name);
      n.drained = true;
      n.reason = reason;
    }
  }

  @Override
  public void requeue(long jobId) {
    JobRun job = job(jobId);
    if (job.phase == JobRun.Phase.STARTING || job.phase == JobRun.Phase.RUNNING) {
      Instant now = clock.instant();
      losses.add(job, slurm.requeue(job, now, now.plus(requeueHold)));
    }
  }

  @Override
  public void signalBatch(long jobId, String signal) {}

  @Override
  public void setFeatures(Collection<String> nodes, Collection<String> features) {}

  @Override
  public void reconfigure() {}

  /** A replay has no topology (its config says none): no node is in one. */
  @Override
  public Map<String, String> topologyLeaves(String name) {
    return Map.of();
  }

  @Override
  public void setTopology(Collection<String> nodes, String topology, List<String> switchPath) {}

  @Override
  public void hold(long jobId, String reason) {
    JobRun job = job(jobId);
    job.held = true;
    job.adminComment = reason;
    holds++;
  }

  @Override
  public void requeueHold(long jobId, String reason) {
    requeue(jobId);
    hold(jobId, reason);
  }

  @Override
  public void release(long jobId, String note) {
    JobRun job = job(jobId);
    job.held = false;
    job.adminComment = note;
  }

  @Override
  public void recordCost(long jobId, String text) {}

  @Override
  public void note(long jobId, String text) {
    job(jobId).adminComment = text;
  }

  /** The job leaves the queue, as after scancel; its nodes free up at the next step. */
  @Override
  public void cancel(long jobId, String reason) {
    JobRun job = job(jobId);
    job.adminComment = reason;
    job.phase = JobRun.Phase.DONE;
  }

  private JobRun job(long jobId) {
    return jobs.get((int) jobId - 1);
  }
}
