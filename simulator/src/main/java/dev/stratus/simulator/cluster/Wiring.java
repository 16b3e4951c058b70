package dev.stratus.simulator.cluster;

import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.controller.Checkpoints;
import dev.stratus.core.controller.RequestSource;
import dev.stratus.core.plan.Action;
import dev.stratus.wire.InterruptionNotice;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * How a replay's controller is connected: what stands between it and the simulated Slurm, clouds,
 * spool and jobs' checkpoints (the simulated ones as they are, or a recorder of every call: every
 * way the controller learns anything) and who hears each step the replay drives it through ({@code
 * steps}). {@link #DIRECT} for a plain replay; a test that records a replay to play it back to
 * another controller wires in its recorders.
 */
record Wiring(
    UnaryOperator<ReplaySlurm> slurm,
    UnaryOperator<NodeProvider> provider,
    UnaryOperator<RequestSource> requests,
    UnaryOperator<Checkpoints> checkpoints,
    Steps steps) {
  static final Wiring DIRECT = new Wiring(s -> s, p -> p, r -> r, c -> c, new Steps() {});

  /** The replay drove the controller: each call, at the simulated time it was made. */
  interface Steps {
    default void received(Instant at, InterruptionNotice notice) {}

    default void passRan(Instant at, List<Action> actions) {}

    default void noticesRan(Instant at, List<Action> actions) {}
  }
}
