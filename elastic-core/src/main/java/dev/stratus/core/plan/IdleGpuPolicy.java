package dev.stratus.core.plan;

import dev.stratus.core.config.GpuHealthSettings;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.wire.GpuSample;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Which running jobs hold GPUs that do no work (pure). On each of the job's nodes, the mean
 * utilization of the busiest GPUs, as many as the job holds there, must be below {@code idle.below}
 * percent: the mean of whichever GPUs Slurm gave the job can only be lower, so a node shared by
 * several jobs never flags a busy one (the node's samples do not say which GPU is whose). A node
 * with no fresh samples (no watcher, a hung nvidia-smi) says nothing, and the job is not idle. A
 * job idle for {@code idle.after} without a break is flagged once ({@link Action.IdleJob}); it is
 * flagged again only after it has been busy in between.
 */
public final class IdleGpuPolicy {
  private IdleGpuPolicy() {}

  /** Since when each job has been idle, and the jobs already flagged in their current idle run. */
  public record State(Map<Long, Instant> idleSince, Set<Long> flagged) {
    public static final State EMPTY = new State(Map.of(), Set.of());

    public State {
      idleSince = Map.copyOf(idleSince);
      flagged = Set.copyOf(flagged);
    }
  }

  /**
   * The next state, the jobs to flag now, and the jobs idle now (flagged or not) with their GPUs.
   */
  public record Step(State next, List<Action.IdleJob> flag, Map<Long, Integer> idleGpus) {}

  public static Step step(
      Instant now,
      State state,
      List<SlurmJob> jobs,
      List<NodeHealth> health,
      Function<String, Optional<String>> poolOfNode,
      Function<String, GpuHealthSettings> settingsOfPool) {
    Map<String, NodeHealth> byNode = new HashMap<>();
    health.forEach(h -> byNode.put(h.node(), h));
    Map<Long, Instant> since = new HashMap<>();
    Set<Long> flagged = new HashSet<>();
    List<Action.IdleJob> flag = new ArrayList<>();
    Map<Long, Integer> idleGpus = new HashMap<>();
    for (SlurmJob job : jobs) {
      if (!job.state().equals("RUNNING") || job.gpusPerNode() < 1 || job.nodes().isEmpty()) {
        continue;
      }
      List<String> nodes = Hostlist.expand(job.nodes());
      Optional<String> pool = poolOfNode.apply(nodes.get(0));
      if (pool.isEmpty()) {
        continue;
      }
      GpuHealthSettings settings = settingsOfPool.apply(pool.get());
      GpuHealthSettings.IdlePolicy policy = settings.idle();
      if (!policy.enabled()
          || !idleOnEvery(
              nodes,
              job.gpusPerNode(),
              byNode,
              now,
              settings.staleAfter(),
              policy.belowPercent())) {
        continue;
      }
      Instant from = state.idleSince().getOrDefault(job.jobId(), now);
      since.put(job.jobId(), from);
      idleGpus.put(job.jobId(), job.gpus());
      boolean due = !Duration.between(from, now).minus(policy.after()).isNegative();
      if (state.flagged().contains(job.jobId())) {
        flagged.add(job.jobId());
      } else if (due) {
        flagged.add(job.jobId());
        flag.add(
            new Action.IdleJob(
                job.jobId(),
                pool.get(),
                job.partition(),
                job.gpus(),
                from,
                policy.action(),
                "stratus: idle GPUs: job "
                    + job.jobId()
                    + " held "
                    + job.gpus()
                    + " GPUs under "
                    + policy.belowPercent()
                    + "% since "
                    + from
                    + "; action "
                    + policy.action().configName()));
      }
    }
    return new Step(new State(since, flagged), flag, idleGpus);
  }

  private static boolean idleOnEvery(
      List<String> nodes,
      int held,
      Map<String, NodeHealth> byNode,
      Instant now,
      Duration staleAfter,
      int below) {
    for (String node : nodes) {
      NodeHealth h = byNode.get(node);
      if (h == null
          || h.samples().isEmpty()
          || h.receivedAt().plus(staleAfter).isBefore(now)
          || busiestMean(h.samples(), held) >= below) {
        return false;
      }
    }
    return true;
  }

  /** The mean utilization of the {@code k} busiest GPUs (all of them when there are fewer). */
  static double busiestMean(List<GpuSample> samples, int k) {
    return samples.stream()
        .map(GpuSample::utilizationPercent)
        .sorted(Comparator.reverseOrder())
        .limit(Math.max(1, k))
        .mapToInt(Integer::intValue)
        .average()
        .orElse(100);
  }
}
