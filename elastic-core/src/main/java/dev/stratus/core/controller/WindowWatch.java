package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.metrics.WindowMetrics;
import dev.stratus.core.plan.Action;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.slurm.SlurmReservations;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The pass's windowed-capacity step: the pools on the terms the clouds give their reservations now
 * ({@link ReservationBook}), Slurm's maintenance reservations of the block pools brought in line
 * ({@link BlockReservationSync}), and the reservation meters ({@link WindowMetrics}).
 */
final class WindowWatch {
  private final ReservationBook reservations;
  private final BlockReservationSync blocks;
  private final WindowMetrics metrics;

  WindowWatch(Map<String, NodeProvider> providers, SlurmClient slurm, MeterRegistry registry) {
    this.reservations = new ReservationBook(providers);
    this.blocks =
        new BlockReservationSync(
            slurm instanceof SlurmReservations r ? Optional.of(r) : Optional.empty());
    this.metrics = new WindowMetrics(registry);
  }

  /** {@code pools} as the pass plans with them. */
  List<Pool> pass(List<Pool> pools, List<Instance> instances, Instant now) {
    reservations.refresh();
    List<Pool> resolved = reservations.resolve(pools);
    blocks.sync(resolved, now);
    metrics.observe(resolved, instances, now);
    return resolved;
  }

  /** Counts the moves off windowed capacity the pass started ({@link Action.WindowEnding}). */
  void acted(List<Action> actions, Function<String, String> poolOfNode) {
    for (Action a : actions) {
      if (a instanceof Action.WindowEnding w) {
        metrics.moved(poolOfNode.apply(w.node()));
      }
    }
  }
}
