package dev.stratus.core.plan;

import dev.stratus.policy.Explanation;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The latest deadline decision for one job, as {@code stratus status} shows it: {@code choice}
 * ({@code spot}, {@code on-demand}, {@code wait}; a running job's {@code stay on ...} or {@code
 * move to ...}), {@code location} (where the policy wants it, "" for none), {@code running} (what
 * it runs on now, "" when it runs nowhere), the policy's {@code reason}, and the job's progress
 * against its deadline: {@code submitted}, {@code deadline}, {@code work} (its work bound) and
 * {@code done} (from its checkpoints) at {@code decidedAt}; and, where the controller writes the
 * status file, the policy's {@link Explanation} of the decision (its slack, the zones' expected
 * availability, the cost of each option weighed), computed only there.
 */
public record DeadlineStatus(
    long jobId,
    String choice,
    String location,
    String running,
    String reason,
    Instant submitted,
    Instant deadline,
    Duration work,
    Duration done,
    Instant decidedAt,
    Optional<Explanation> explanation) {
  /** Without an explanation. */
  public DeadlineStatus(
      long jobId,
      String choice,
      String location,
      String running,
      String reason,
      Instant submitted,
      Instant deadline,
      Duration work,
      Duration done,
      Instant decidedAt) {
    this(
        jobId,
        choice,
        location,
        running,
        reason,
        submitted,
        deadline,
        work,
        done,
        decidedAt,
        Optional.empty());
  }

  public DeadlineStatus {
    if (jobId <= 0) {
      throw new IllegalArgumentException("job id must be > 0, got " + jobId);
    }
    if (choice == null || choice.isBlank() || reason == null) {
      throw new IllegalArgumentException("a deadline decision needs a choice and a reason");
    }
    location = location == null ? "" : location;
    running = running == null ? "" : running;
    if (submitted == null || deadline == null || work == null || done == null) {
      throw new IllegalArgumentException("submitted, deadline, work and done must be set");
    }
    if (decidedAt == null) {
      throw new IllegalArgumentException("decidedAt must be set");
    }
    explanation = explanation == null ? Optional.empty() : explanation;
  }

  /** The same decision, explained. */
  public DeadlineStatus withExplanation(Explanation e) {
    return new DeadlineStatus(
        jobId,
        choice,
        location,
        running,
        reason,
        submitted,
        deadline,
        work,
        done,
        decidedAt,
        Optional.of(e));
  }

  static DeadlineStatus of(
      long job,
      String choice,
      String location,
      String running,
      String reason,
      JobDeadline d,
      Instant now) {
    return new DeadlineStatus(
        job, choice, location, running, reason, d.start(), d.deadline(), d.work(), d.done(), now);
  }

  /** Work done as a share of the work bound, 0 to 1. */
  public double progress() {
    return work.isZero() ? 1 : Math.min(1.0, (double) done.toMillis() / work.toMillis());
  }

  /**
   * How far along its time to the deadline the job should be to finish just in time at a steady
   * pace (Uniform Progress's expected progress), 0 to 1, at the decision.
   */
  public double expected() {
    long span = Duration.between(submitted, deadline).toMillis();
    if (span <= 0) {
      return 1;
    }
    double gone = Duration.between(submitted, decidedAt).toMillis() / (double) span;
    return Math.max(0, Math.min(1, gone));
  }

  /** Hours from an hour up, else minutes, else seconds: "20.0 h", "2.5 min", "40 s". */
  public static String human(Duration d) {
    return DeadlineAsk.human(d);
  }
}
