package dev.stratus.core.plan;

import dev.stratus.api.model.OfferingKey;
import dev.stratus.policy.AvailabilityHistory;
import dev.stratus.policy.DeadlinePolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the planner needs to place jobs that have a deadline: the policy that decides (pure; it may
 * memoise), the decision interval it reasons in (its ticks: not the pass interval, which is far
 * finer than spot availability changes), the changeover a new instance pays before the job makes
 * progress again, the deadline jobs by Slurm job id, and each offering's observed spot availability
 * (launches, reclaims, the unavailable record; {@link AvailabilityHistory}), and when the policy
 * last decided for each job ({@code decided}: a running job is asked again only in a later
 * interval, since its answer changes with the interval). {@link #NONE}: no job has a deadline, and
 * launches keep the pool's spot policy order.
 */
public record DeadlineContext(
    Optional<DeadlinePolicy> policy,
    Duration interval,
    Duration changeover,
    Map<Long, JobDeadline> jobs,
    Map<OfferingKey, AvailabilityHistory> history,
    Map<Long, Instant> decided) {
  public static final DeadlineContext NONE =
      new DeadlineContext(
          Optional.empty(),
          Duration.ofMinutes(10),
          Duration.ofMinutes(12),
          Map.of(),
          Map.of(),
          Map.of());

  /** Nothing decided yet. */
  public DeadlineContext(
      Optional<DeadlinePolicy> policy,
      Duration interval,
      Duration changeover,
      Map<Long, JobDeadline> jobs,
      Map<OfferingKey, AvailabilityHistory> history) {
    this(policy, interval, changeover, jobs, history, Map.of());
  }

  public DeadlineContext {
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(changeover, "changeover");
    if (interval == null || interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("the decision interval must be > 0, got " + interval);
    }
    if (changeover.isNegative()) {
      throw new IllegalArgumentException("the changeover must be >= 0, got " + changeover);
    }
    jobs = Map.copyOf(jobs);
    history = Map.copyOf(history);
    decided = Map.copyOf(decided);
    if (!jobs.isEmpty() && policy.isEmpty()) {
      throw new IllegalArgumentException("deadline jobs need a policy to decide for them");
    }
  }

  Optional<JobDeadline> of(long jobId) {
    return Optional.ofNullable(jobs.get(jobId));
  }

  /** True when the policy decided for {@code jobId} in the interval {@code now} is in. */
  boolean decidedThisInterval(long jobId, Instant now) {
    Instant at = decided.get(jobId);
    long ticks = interval.toMillis();
    return at != null && at.toEpochMilli() / ticks == now.toEpochMilli() / ticks;
  }

  AvailabilityHistory historyOf(OfferingKey key) {
    return history.getOrDefault(key, AvailabilityHistory.empty());
  }
}
