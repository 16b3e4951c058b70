package dev.stratus.simulator.offers;

import java.util.List;

/**
 * A flex-start offer as the command line gives it ({@code --flex
 * price=P,max-run-hours=H,queue-hours=q1|q2|...}): USD per instance-hour, the longest run after the
 * grant, and the queue times a request may wait (each equally likely).
 */
public record FlexSpec(String id, double price, double maxRunHours, List<Double> queueHours) {
  public FlexSpec {
    if (!(price >= 0)) {
      throw new IllegalArgumentException("--flex " + id + ": price must be >= 0, got " + price);
    }
    if (!(maxRunHours > 0)) {
      throw new IllegalArgumentException(
          "--flex " + id + ": max-run-hours must be > 0, got " + maxRunHours);
    }
    queueHours = List.copyOf(queueHours);
    if (queueHours.isEmpty() || queueHours.stream().anyMatch(q -> !(q >= 0))) {
      throw new IllegalArgumentException(
          "--flex " + id + ": queue-hours must be one or more hours >= 0, got " + queueHours);
    }
  }
}
