package dev.stratus.simulator.cluster;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.SlurmNode;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One Slurm node slot of the simulated cluster, in the states power saving gives it: powered down
 * ({@code idle~}), allocated and waiting for its instance ({@code alloc#}), busy, idle and up, or
 * DOWN with a reason. {@code readyAt}: when its instance has booted and slurmd registered.
 */
final class SimNode {
  enum State {
    POWERED_DOWN,
    POWERING_UP,
    BUSY,
    IDLE,
    DOWN
  }

  final String name;
  final Pool pool;
  State state = State.POWERED_DOWN;
  String reason = "";
  boolean drained;
  Instance instance;
  Instant readyAt;
  Instant since = Instant.EPOCH;
  JobRun job;
  private SlurmNode view;
  private State viewState;
  private String viewReason;
  private boolean viewDrained;
  private boolean viewUp;

  SimNode(String name, Pool pool) {
    this.name = name;
    this.pool = pool;
  }

  /** Slurm may give it to a job: powered down or idle, and not drained. */
  boolean free() {
    return !drained && (state == State.POWERED_DOWN || state == State.IDLE);
  }

  /**
   * What {@code sinfo --json} would say of the node: the same object from pass to pass while its
   * state and reason do not change.
   */
  SlurmNode view() {
    boolean up = instance != null;
    if (view == null
        || state != viewState
        || !reason.equals(viewReason)
        || drained != viewDrained
        || up != viewUp) {
      view = freshView();
      viewState = state;
      viewReason = reason;
      viewDrained = drained;
      viewUp = up;
    }
    return view;
  }

  private SlurmNode freshView() {
    String slurmState =
        switch (state) {
          case POWERED_DOWN, IDLE -> "idle";
          case POWERING_UP, BUSY -> "allocated";
          case DOWN -> "down";
        };
    Set<String> flags = new HashSet<>();
    switch (state) {
      case POWERED_DOWN -> flags.add("POWERED_DOWN");
      // a DOWN node still up on an instance is powered down by the garbage collector, later
      case DOWN -> {
        if (instance == null) {
          flags.add("POWERED_DOWN");
        }
      }
      case POWERING_UP -> flags.add("POWERING_UP");
      default -> {}
    }
    if (drained) {
      flags.add("DRAIN");
    }
    return new SlurmNode(name, slurmState, flags, reason, "", "", List.of(pool.partition()));
  }
}
