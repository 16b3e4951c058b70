package dev.stratus.simulator.cluster;

import dev.stratus.core.money.Budget;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How a job stream is replayed: {@code boot} is the changeover (a new instance's boot and
 * registration, billed, without progress); a running job checkpoints every {@code checkpointEvery};
 * a job's deadline is its submission plus {@code deadlineFactor} × (its run time and one boot), so
 * every deadline can be met on on-demand (0: no deadlines); {@code policy} names the deadline
 * policy that decides spot or on-demand for deadline jobs (stratus, uniform-progress, greedy;
 * empty: the pools' spot policies alone); {@code budgets} are admitted against as the controller
 * does; {@code requeueHold} is how long Slurm holds a requeued job ({@code cred_expire} + 1 s).
 */
public record ClusterSettings(
    Duration boot,
    Duration checkpointEvery,
    double deadlineFactor,
    Optional<String> policy,
    List<Budget> budgets,
    Duration requeueHold) {
  public ClusterSettings {
    if (boot.isNegative() || checkpointEvery.isNegative() || checkpointEvery.isZero()) {
      throw new IllegalArgumentException("boot must be >= 0 and the checkpoint interval > 0");
    }
    if (!(deadlineFactor == 0 || deadlineFactor >= 1)) {
      throw new IllegalArgumentException(
          "--deadline-factor must be 0 (no deadlines) or >= 1, got " + deadlineFactor);
    }
    budgets = List.copyOf(budgets);
    policy.ifPresent(
        p -> {
          if (!List.of("stratus", "uniform-progress", "greedy").contains(p)) {
            throw new IllegalArgumentException(
                "--policy must be stratus, uniform-progress, greedy or none, got " + p);
          }
        });
  }
}
