package dev.stratus.simulator.cluster;

import dev.stratus.core.controller.Checkpoints;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The simulated jobs' checkpoints, as the controller would find their files: a running job writes
 * one every {@code every} of run time.
 */
final class SimCheckpoints implements Checkpoints {
  private final List<JobRun> jobs;
  private final Clock clock;
  private final Duration every;

  SimCheckpoints(List<JobRun> jobs, Clock clock, Duration every) {
    this.jobs = jobs;
    this.clock = clock;
    this.every = every;
  }

  @Override
  public Optional<Instant> newest(long jobId) {
    if (jobId < 1 || jobId > jobs.size()) {
      return Optional.empty();
    }
    return jobs.get((int) jobId - 1).newestCheckpoint(clock.instant(), every);
  }
}
