package dev.stratus.policy;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * How long a flex-start request waits before it is granted: an empirical distribution, the queue
 * times seen (or expected) for the offering, each equally likely.
 */
public record QueueTime(List<Duration> samples) {
  public QueueTime {
    if (samples == null || samples.isEmpty()) {
      throw new IllegalArgumentException("a queue time needs at least one sample");
    }
    for (Duration d : samples) {
      if (d == null || d.isNegative()) {
        throw new IllegalArgumentException("queue times must be >= 0, got " + d);
      }
    }
    samples = List.copyOf(samples.stream().sorted().toList());
  }

  public static QueueTime ofHours(double... hours) {
    return new QueueTime(
        Arrays.stream(hours).mapToObj(h -> Duration.ofMillis(Math.round(h * 3_600_000))).toList());
  }

  /**
   * The chance that a request pending for {@code waited} (not granted yet) is granted within {@code
   * more}: among the samples longer than {@code waited}, the share at most {@code waited + more}.
   * Zero when no sample is longer than {@code waited} (the queue outlasted what was seen).
   */
  public double chanceWithin(Duration waited, Duration more) {
    Duration by = waited.plus(more);
    List<Duration> left =
        waited.isZero() ? samples : samples.stream().filter(d -> d.compareTo(waited) > 0).toList();
    long inTime = left.stream().filter(d -> d.compareTo(by) <= 0).count();
    return left.isEmpty() ? 0 : (double) inTime / left.size();
  }
}
