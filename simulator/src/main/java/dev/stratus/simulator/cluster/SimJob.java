package dev.stratus.simulator.cluster;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One job of a replayed stream: when it was submitted, how many GPUs it holds, how long it really
 * ran ({@code work}), the work bound Slurm would know ({@code timeLimit}: its {@code --time}, at
 * least {@code work}), who it is for, and its partition (empty: the default one).
 */
public record SimJob(
    String id,
    Instant submit,
    int gpus,
    Duration work,
    Duration timeLimit,
    String user,
    String account,
    Optional<String> partition) {
  public SimJob {
    if (gpus <= 0) {
      throw new IllegalArgumentException("job " + id + ": gpus must be > 0, got " + gpus);
    }
    if (work.isNegative() || work.isZero()) {
      throw new IllegalArgumentException("job " + id + ": run time must be > 0, got " + work);
    }
    timeLimit = timeLimit.compareTo(work) < 0 ? work : timeLimit;
  }
}
