package dev.stratus.simulator.run;

import java.time.Duration;

/** The job every sample runs: its work, its deadline after its start, and the changeover. */
public record JobSpec(Duration work, Duration deadline, Duration changeover) {
  public JobSpec {
    if (work.isNegative() || work.isZero()) {
      throw new IllegalArgumentException("--job-hours must be > 0, got " + hours(work));
    }
    if (changeover.isNegative()) {
      throw new IllegalArgumentException(
          "--changeover-hours must be >= 0, got " + hours(changeover));
    }
    if (deadline.compareTo(work.plus(changeover)) < 0) {
      throw new IllegalArgumentException(
          "--deadline-hours "
              + hours(deadline)
              + " leaves no time for the job: it needs at least job + changeover = "
              + hours(work.plus(changeover))
              + " h on on-demand");
    }
  }

  public static JobSpec ofHours(double work, double deadline, double changeover) {
    return new JobSpec(of(work), of(deadline), of(changeover));
  }

  private static Duration of(double hours) {
    return Duration.ofMillis(Math.round(hours * 3_600_000));
  }

  private static double hours(Duration d) {
    return d.toMillis() / 3_600_000.0;
  }

  public long workSeconds() {
    return work.toSeconds();
  }

  public long changeoverSeconds() {
    return changeover.toSeconds();
  }

  /** Whole ticks from the job's start to its deadline. */
  public int ticks(long gapSeconds) {
    return (int) (deadline.toSeconds() / gapSeconds);
  }
}
