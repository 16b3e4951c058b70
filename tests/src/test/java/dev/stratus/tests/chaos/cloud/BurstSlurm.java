package dev.stratus.tests.chaos.cloud;

import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.SpoolRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * slurmctld's side of a burst, played over {@link FakeSlurm}: each job is allocated its nodes and
 * the resume program writes one request; a node registers once a live instance carries its name; a
 * job whose node was set DOWN (its launch failed) or powered down by force (its power-up timed out)
 * is requeued and, once the controller has returned its nodes to service, allocated again; a node
 * registers only on an instance that ran no job before (conservative: a real slurmd left running on
 * an instance being released could register there); a running job ends after {@code runFor} and its
 * nodes are powered down through the suspend program.
 */
final class BurstSlurm {
  enum State {
    WAITING,
    REQUEUED,
    RUNNING,
    DONE
  }

  static final class Job {
    final long id;
    final List<String> nodes;
    State state = State.WAITING;
    Instant runningSince;
    int requeues;
    int powerUpTimeouts;

    /** The instance each node ran on while the job ran. */
    final Map<String, String> ranOn = new LinkedHashMap<>();

    Job(long id, List<String> nodes) {
      this.id = id;
      this.nodes = List.copyOf(nodes);
    }
  }

  final FakeSlurm slurm = new FakeSlurm();
  final InMemoryRequests spool = new InMemoryRequests();
  final List<Job> jobs = new ArrayList<>();
  private final Clock clock;
  private final Duration runFor;
  private int requests;
  private final Set<String> ranJobs = new HashSet<>();

  BurstSlurm(List<String> allNodes, Clock clock, Duration runFor) {
    this.clock = clock;
    this.runFor = runFor;
    slurm.cloudNodes(allNodes);
  }

  /** Job {@code id} is allocated {@code nodes} at once (all jobs of a burst come together). */
  void submit(long id, List<String> nodes) {
    Job job = new Job(id, nodes);
    jobs.add(job);
    resume(job);
  }

  private void resume(Job job) {
    job.state = State.WAITING;
    spool.resume(
        slurm, clock.instant(), "r" + (++requests), job.id, job.nodes.toArray(String[]::new));
  }

  /** One step of slurmctld, given the live instance(s) per node name the cloud holds now. */
  void step(Map<String, List<String>> liveByNode) {
    Instant now = clock.instant();
    for (Job job : jobs) {
      switch (job.state) {
        case WAITING -> {
          if (job.nodes.stream().anyMatch(n -> slurm.node(n).down())) {
            job.state = State.REQUEUED;
            job.requeues++;
          } else if (job.nodes.stream().anyMatch(n -> !slurm.node(n).poweringUp())) {
            // The controller gave up on the power-up (power_down_force): Slurm requeues the job.
            job.state = State.REQUEUED;
            job.powerUpTimeouts++;
          } else if (job.nodes.stream().allMatch(n -> fresh(liveByNode, n).isPresent())) {
            job.nodes.forEach(slurm::registered);
            job.nodes.forEach(n -> job.ranOn.put(n, fresh(liveByNode, n).get()));
            ranJobs.addAll(job.ranOn.values());
            job.state = State.RUNNING;
            job.runningSince = now;
          }
        }
        case REQUEUED -> {
          if (job.nodes.stream().map(slurm::node).noneMatch(SlurmNode::down)) {
            resume(job);
          }
        }
        case RUNNING -> {
          if (now.isAfter(job.runningSince.plus(runFor))) {
            slurm.cloudNodes(job.nodes);
            spool.add(
                new SpoolRequest("s" + (++requests), HookKind.SUSPEND, job.nodes, List.of(), now));
            job.state = State.DONE;
          }
        }
        case DONE -> {}
      }
    }
  }

  /** A live instance of {@code node} that ran no job before (a node boots once per launch). */
  private Optional<String> fresh(Map<String, List<String>> liveByNode, String node) {
    return liveByNode.getOrDefault(node, List.of()).stream()
        .filter(id -> !ranJobs.contains(id))
        .findFirst();
  }

  /** scancel of every job not done: its nodes are powered down through the suspend program. */
  void cancelAll() {
    for (Job job : jobs) {
      if (job.state != State.DONE) {
        slurm.cloudNodes(job.nodes);
        spool.add(
            new SpoolRequest(
                "s" + (++requests), HookKind.SUSPEND, job.nodes, List.of(), clock.instant()));
        job.state = State.DONE;
      }
    }
  }

  boolean allDone() {
    return jobs.stream().allMatch(j -> j.state == State.DONE);
  }

  int requeues() {
    return jobs.stream().mapToInt(j -> j.requeues).sum();
  }

  int powerUpTimeouts() {
    return jobs.stream().mapToInt(j -> j.powerUpTimeouts).sum();
  }
}
