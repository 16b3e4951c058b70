package dev.stratus.core.controller;

import dev.stratus.core.config.DeadlineSettings;
import dev.stratus.core.model.Instance;
import dev.stratus.core.model.OfferingKey;
import dev.stratus.core.model.Pool;
import dev.stratus.core.plan.DeadlineContext;
import dev.stratus.core.plan.JobDeadline;
import dev.stratus.core.policy.DeadlinePolicy;
import dev.stratus.core.policy.Greedy;
import dev.stratus.core.policy.StratusDeadlinePolicy;
import dev.stratus.core.policy.UniformProgress;
import dev.stratus.core.slurm.SlurmJob;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a pass tells the planner about jobs with deadlines ({@link DeadlineContext}). A job's
 * deadline is its {@code sbatch --deadline} (squeue's {@code deadline}), else its submission plus
 * the default of a pool of its partition ({@code pools[].deadline}); its work is its {@code --time}
 * (a job without one is left to its pool's spot policy: there is nothing to judge the deadline
 * against). Work done is taken as none: the controller does not carry a job's progress across
 * requeues, which can only make the policy choose on-demand sooner. The offerings' spot history is
 * what the controller saw ({@link SpotHistory}: launches, reclaims, the unavailable record). One
 * policy instance for the controller's life: it caches the day's tables.
 */
final class DeadlineJobs {
  private final DeadlineSettings settings;
  private final Optional<DeadlinePolicy> policy;
  private final SpotHistory history = new SpotHistory();

  DeadlineJobs(DeadlineSettings settings) {
    this.settings = settings;
    this.policy = policy(settings.policy());
  }

  static Optional<DeadlinePolicy> policy(String name) {
    return switch (name) {
      case "stratus" -> Optional.of(new StratusDeadlinePolicy());
      case "uniform-progress" -> Optional.of(new UniformProgress());
      case "greedy" -> Optional.of(new Greedy());
      default -> Optional.empty();
    };
  }

  SpotHistory history() {
    return history;
  }

  /** Records what the pass saw, then the planner's view of the deadline jobs. */
  DeadlineContext observe(
      Instant now,
      List<Pool> pools,
      List<SlurmJob> jobs,
      List<Instance> instances,
      Set<OfferingKey> unavailable) {
    history.observePass(now, instances, unavailable);
    if (policy.isEmpty()) {
      return DeadlineContext.NONE;
    }
    Map<Long, JobDeadline> deadlines = new HashMap<>();
    for (SlurmJob job : jobs) {
      if (job.finished()) {
        continue;
      }
      of(job, pools, now).ifPresent(d -> deadlines.put(job.jobId(), d));
    }
    return new DeadlineContext(
        policy, settings.interval(), settings.changeover(), deadlines, history.snapshot());
  }

  private Optional<JobDeadline> of(SlurmJob job, List<Pool> pools, Instant now) {
    SlurmJob.Accounting a = job.accounting();
    Optional<Duration> work = a.timeLimit();
    if (work.isEmpty()) {
      return Optional.empty();
    }
    Instant submitted = a.submitted().orElse(now);
    Optional<Instant> deadline = a.deadline().or(() -> poolDefault(job, pools, submitted));
    return deadline.map(d -> new JobDeadline(submitted, d, work.get(), Duration.ZERO));
  }

  private Optional<Instant> poolDefault(SlurmJob job, List<Pool> pools, Instant submitted) {
    List<String> partitions = List.of(job.partition().split(","));
    return pools.stream()
        .filter(p -> partitions.contains(p.partition()))
        .map(p -> settings.poolDefaults().get(p.name()))
        .filter(java.util.Objects::nonNull)
        .findFirst()
        .map(submitted::plus);
  }
}
