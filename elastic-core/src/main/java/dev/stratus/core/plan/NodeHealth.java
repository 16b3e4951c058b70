package dev.stratus.core.plan;

import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.GpuSample;
import dev.stratus.wire.HealthAction;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the controller holds of one node's GPU health: the instance whose watcher reports (a new
 * instance on the node starts afresh), the last report taken ({@code sequence}, when the controller
 * received it, the node's read time), how many reports in a row have shown each polled condition
 * ({@code strikes}, keyed by {@link HealthStrikes#key}) with its latest finding ({@code current}),
 * the kernel-log events not yet acted on, the latest per-GPU samples, whether the last read
 * answered, and what the controller has done about the node so far ({@code acted}: the most urgent
 * action taken, empty while none).
 */
public record NodeHealth(
    String node,
    String instanceId,
    long sequence,
    Instant receivedAt,
    Instant seenAt,
    Map<String, Integer> strikes,
    Map<String, GpuFinding> current,
    List<GpuFinding> events,
    List<GpuSample> samples,
    GpuHealthReport.Read read,
    Optional<HealthAction> acted,
    Optional<Instant> actedAt) {
  public NodeHealth {
    strikes = Map.copyOf(strikes);
    current = Map.copyOf(current);
    events = List.copyOf(events);
    samples = List.copyOf(samples);
    acted = acted == null ? Optional.empty() : acted;
    actedAt = actedAt == null ? Optional.empty() : actedAt;
  }

  /** The same node after the controller acted ({@code action}) at {@code at}; events consumed. */
  public NodeHealth actedOn(HealthAction action, Instant at) {
    HealthAction worst = acted.map(a -> a.worse(action)).orElse(action);
    return new NodeHealth(
        node,
        instanceId,
        sequence,
        receivedAt,
        seenAt,
        strikes,
        current,
        List.of(),
        samples,
        read,
        Optional.of(worst),
        Optional.of(at));
  }
}
