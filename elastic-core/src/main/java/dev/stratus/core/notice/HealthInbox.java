package dev.stratus.core.notice;

import dev.stratus.core.plan.HealthStrikes;
import dev.stratus.core.plan.NodeHealth;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.HealthAction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The GPU health reports taken, folded per node ({@link HealthStrikes}): the endpoint writes, the
 * notice lane reads and records what it did. In memory: after a restart the watchers' next reports
 * (every few seconds) build it again, and a node acted on before is already drained or requeued in
 * Slurm.
 */
public final class HealthInbox {
  private final Map<String, NodeHealth> byNode = new ConcurrentHashMap<>();

  /** Folds a report in; what became of it. {@code staleAfter}: the report's pool's setting. */
  public HealthStrikes.Outcome receive(
      GpuHealthReport report, Instant receivedAt, Duration staleAfter) {
    AtomicReference<HealthStrikes.Outcome> outcome = new AtomicReference<>();
    byNode.compute(
        report.node(),
        (node, previous) -> {
          HealthStrikes.Folded folded =
              HealthStrikes.apply(Optional.ofNullable(previous), report, receivedAt, staleAfter);
          outcome.set(folded.outcome());
          return folded.health().orElse(null);
        });
    return outcome.get();
  }

  /** Every node held, by name. */
  public List<NodeHealth> nodes() {
    List<NodeHealth> out = new ArrayList<>(byNode.values());
    out.sort(Comparator.comparing(NodeHealth::node));
    return out;
  }

  public Optional<NodeHealth> node(String node) {
    return Optional.ofNullable(byNode.get(node));
  }

  /** The controller acted on the node's instance; events consumed. */
  public void acted(String node, String instanceId, HealthAction action, Instant at) {
    byNode.computeIfPresent(
        node, (k, h) -> h.instanceId().equals(instanceId) ? h.actedOn(action, at) : h);
  }

  /** Whether some node was drained for its health and is waiting for its jobs to end. */
  public boolean draining() {
    return byNode.values().stream()
        .anyMatch(h -> h.acted().filter(a -> a != HealthAction.OK).isPresent());
  }

  public void forget(String node) {
    byNode.remove(node);
  }
}
