package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.core.config.DeadlineSettings;
import dev.stratus.core.plan.DeadlineContext;
import dev.stratus.core.plan.JobDeadline;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.policy.Greedy;
import dev.stratus.policy.SpotHistory;
import dev.stratus.policy.StratusDeadlinePolicy;
import dev.stratus.policy.UniformProgress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a pass tells the planner about jobs with deadlines ({@link DeadlineContext}). A job's
 * deadline is its {@code sbatch --deadline} (squeue's {@code deadline}), else its submission plus
 * the default of a pool of its partition ({@code pools[].deadline}); its work is its {@code --time}
 * (a job without one is left to its pool's spot policy: there is nothing to judge the deadline
 * against). Work done comes from the job's checkpoints, carried across its requeues ({@link
 * JobProgress}). The decisions taken are kept for {@code stratus status} ({@link DeadlineBoard}).
 * The offerings' spot history is what the controller saw ({@link SpotHistory}: launches, reclaims,
 * the unavailable record). One policy instance for the controller's life: it caches the day's
 * tables.
 */
final class DeadlineJobs {
  private final DeadlineSettings settings;
  private final Optional<DeadlinePolicy> policy;
  private final SpotHistory history = new SpotHistory();
  private final JobProgress progress;
  private final DeadlineBoard board;
  private Set<Long> current = Set.of();

  /** {@code statusDir}: where the board is written for {@code stratus status}; empty: nowhere. */
  DeadlineJobs(DeadlineSettings settings, Checkpoints checkpoints, Optional<Path> statusDir) {
    this.settings = settings;
    this.policy = policy(settings.policy());
    this.progress = new JobProgress(checkpoints);
    this.board = new DeadlineBoard(statusDir);
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

  DeadlineBoard board() {
    return board;
  }

  /** After the pass acted: the board keeps this pass's deadline jobs and is written. */
  void afterPass() {
    board.retainAndWrite(current);
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
      current = Set.of();
      return DeadlineContext.NONE;
    }
    Map<Long, SlurmJob> withDeadline = new HashMap<>();
    for (SlurmJob job : jobs) {
      if (!job.finished() && of(job, pools, now, Duration.ZERO).isPresent()) {
        withDeadline.put(job.jobId(), job);
      }
    }
    progress.observe(now, List.copyOf(withDeadline.values()));
    Map<Long, JobDeadline> deadlines = new HashMap<>();
    withDeadline.forEach(
        (id, job) -> of(job, pools, now, progress.done(id)).ifPresent(d -> deadlines.put(id, d)));
    current = Set.copyOf(deadlines.keySet());
    return new DeadlineContext(
        policy,
        settings.interval(),
        settings.changeover(),
        deadlines,
        history.snapshot(),
        board.decidedAt());
  }

  private Optional<JobDeadline> of(SlurmJob job, List<Pool> pools, Instant now, Duration done) {
    SlurmJob.Accounting a = job.accounting();
    Optional<Duration> work = a.timeLimit();
    if (work.isEmpty()) {
      return Optional.empty();
    }
    Instant submitted = a.submitted().orElse(now);
    Optional<Instant> deadline = a.deadline().or(() -> poolDefault(job, pools, submitted));
    return deadline.map(d -> new JobDeadline(submitted, d, work.get(), done));
  }

  private Optional<Instant> poolDefault(SlurmJob job, List<Pool> pools, Instant submitted) {
    List<String> partitions = List.of(job.partition().split(","));
    return pools.stream()
        .filter(p -> partitions.contains(p.partition()))
        .map(p -> settings.poolDefaults().get(p.name()))
        .filter(Objects::nonNull)
        .findFirst()
        .map(submitted::plus);
  }
}
