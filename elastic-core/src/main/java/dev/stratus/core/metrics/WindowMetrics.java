package dev.stratus.core.metrics;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The windowed-capacity series, per reservation a pool launches into: how many instances it holds,
 * how many of them run now, and the seconds left in its window (0 once it ended or before the cloud
 * described it); and the moves of work off windowed capacity before its end, by pool. Set each pass
 * from the pools as the cloud describes their reservations and the instances listed.
 */
public final class WindowMetrics {
  private final MeterRegistry registry;
  private final Map<Tags, double[]> values = new ConcurrentHashMap<>();

  public WindowMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  public void observe(List<Pool> pools, List<Instance> instances, Instant now) {
    for (Pool p : pools) {
      for (Offering o : p.offerings()) {
        if (o.terms() instanceof CapacityTerms.Reserved r) {
          CapacityReservation res = r.reservation();
          long inUse =
              instances.stream()
                  .filter(i -> i.state().alive() && i.offering().equals(o.key()))
                  .count();
          double left =
              res.start().equals(Instant.MIN) || !now.isBefore(res.end())
                  ? 0
                  : res.end().equals(Instant.MAX)
                      ? Double.POSITIVE_INFINITY
                      : Duration.between(now, res.end()).toSeconds();
          double[] v = values(Tags.of("reservation", res.id(), "pool", p.name()));
          v[0] = res.start().equals(Instant.MIN) ? 0 : res.instances();
          v[1] = inUse;
          v[2] = left;
        }
      }
    }
  }

  /** Work moved off windowed capacity before its end (the notice chain started on a node). */
  public void moved(String pool) {
    Counter.builder("stratus.window.moves")
        .description("Nodes whose work was moved off windowed capacity before its end, by pool")
        .tag("pool", pool)
        .register(registry)
        .increment();
  }

  private double[] values(Tags tags) {
    return values.computeIfAbsent(
        tags,
        t -> {
          double[] v = new double[3];
          Gauge.builder("stratus.reservation.instances", v, a -> a[0])
              .description("Instances a reservation or block holds, as its cloud describes it")
              .tags(t)
              .register(registry);
          Gauge.builder("stratus.reservation.instances.in.use", v, a -> a[1])
              .description("Instances running in a reservation or block now")
              .tags(t)
              .register(registry);
          Gauge.builder("stratus.reservation.seconds.left", v, a -> a[2])
              .description("Seconds until a reservation's window ends (0: ended or not described)")
              .tags(t)
              .register(registry);
          return v;
        });
  }
}
