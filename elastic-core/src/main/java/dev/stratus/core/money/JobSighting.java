package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notNull;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One job as squeue showed it this pass: owner, state, the nodes it runs on (expanded, empty while
 * pending), GPUs per node, when its current run started, when it ended (finished jobs only) and its
 * time limit.
 */
public record JobSighting(
    JobOwner owner,
    String state,
    List<String> nodes,
    int gpusPerNode,
    Optional<Instant> started,
    Optional<Instant> ended,
    Optional<Duration> timeLimit) {
  public JobSighting {
    notNull("owner", owner);
    notNull("state", state);
    nodes = List.copyOf(nodes);
    started = started == null ? Optional.empty() : started;
    ended = ended == null ? Optional.empty() : ended;
    timeLimit = timeLimit == null ? Optional.empty() : timeLimit;
  }

  public long jobId() {
    return owner.jobId();
  }

  /** On nodes now: it has a start, nodes, and no end. */
  public boolean running() {
    return started.isPresent() && !nodes.isEmpty() && ended.isEmpty() && !state.equals("PENDING");
  }
}
