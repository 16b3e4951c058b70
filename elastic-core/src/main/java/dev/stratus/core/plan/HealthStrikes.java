package dev.stratus.core.plan;

import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.HealthAction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Folds one watcher report into what the controller holds of the node (pure). The rules that keep
 * one transient read from draining a node:
 *
 * <ul>
 *   <li>a polled condition counts one strike per report that shows it, and its count starts again
 *       from zero at the first report that does not (the planner acts only at {@code strikes} in a
 *       row);
 *   <li>a report whose nvidia-smi hung or failed is no evidence either way: strikes stay as they
 *       were, and its samples are not taken;
 *   <li>a kernel-log XID event stands on its own: it is kept until acted on;
 *   <li>a report older than the last one taken (its sequence), or read longer than {@code
 *       staleAfter} before it arrived, is dropped ({@link Outcome}).
 * </ul>
 */
public final class HealthStrikes {
  private HealthStrikes() {}

  /** What became of a report. */
  public enum Outcome {
    /** Taken; nothing in it asks for action. */
    TAKEN,
    /** Taken, and something in it asks for action: the notice lane should look. */
    NEWS,
    /** Dropped: read too long before it arrived. */
    STALE,
    /** Dropped: not newer than the last report taken from that instance. */
    OUT_OF_ORDER
  }

  /** The node's health after the report, and what became of the report. */
  public record Folded(Optional<NodeHealth> health, Outcome outcome) {}

  public static Folded apply(
      Optional<NodeHealth> previous,
      GpuHealthReport report,
      Instant receivedAt,
      Duration staleAfter) {
    if (Duration.between(report.seenAt(), receivedAt).compareTo(staleAfter) > 0) {
      return new Folded(previous, Outcome.STALE);
    }
    Optional<NodeHealth> same = previous.filter(p -> p.instanceId().equals(report.instanceId()));
    if (same.isPresent() && report.sequence() <= same.get().sequence()) {
      return new Folded(previous, Outcome.OUT_OF_ORDER);
    }
    Map<String, Integer> strikes = new HashMap<>();
    Map<String, GpuFinding> current = new HashMap<>();
    List<GpuFinding> events = new ArrayList<>(same.map(NodeHealth::events).orElse(List.of()));
    boolean answered = report.read() == GpuHealthReport.Read.OK;
    if (!answered) {
      same.ifPresent(
          p -> {
            strikes.putAll(p.strikes());
            current.putAll(p.current());
          });
    }
    for (GpuFinding f : report.findings()) {
      if (f.action() == HealthAction.OK) {
        continue;
      }
      if (f.event()) {
        events.add(f);
      } else if (answered) {
        String k = key(f);
        int before = same.map(p -> p.strikes().getOrDefault(k, 0)).orElse(0);
        strikes.put(k, before + 1);
        current.put(k, f);
      }
    }
    NodeHealth next =
        new NodeHealth(
            report.node(),
            report.instanceId(),
            report.sequence(),
            receivedAt,
            report.seenAt(),
            strikes,
            current,
            events,
            answered ? report.samples() : List.of(),
            report.read(),
            same.flatMap(NodeHealth::acted),
            same.flatMap(NodeHealth::actedAt));
    boolean news = !events.isEmpty() || !current.isEmpty();
    return new Folded(Optional.of(next), news ? Outcome.NEWS : Outcome.TAKEN);
  }

  /** One polled condition: the GPU, the class and the XID. */
  static String key(GpuFinding f) {
    return f.gpu() + "|" + f.errorClass() + "|" + f.xid();
  }
}
