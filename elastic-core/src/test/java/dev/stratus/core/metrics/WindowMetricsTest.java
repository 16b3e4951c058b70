package dev.stratus.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.ReservationState;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WindowMetricsTest {
  static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

  static Offering reserved(CapacityReservation r) {
    return new Offering(
        new OfferingKey("aws", "us-east-1", "a", "p5.48xlarge", CapacityType.RESERVED, r.id()),
        "h100",
        8,
        192,
        2_048_000,
        BigDecimal.ZERO,
        PriceOrigin.CONFIGURED,
        new CapacityTerms.Reserved(r));
  }

  @Test
  void eachReservationShowsItsCountWhatRunsInItAndTheSecondsLeft() {
    var registry = new SimpleMeterRegistry();
    var metrics = new WindowMetrics(registry);
    Offering block =
        reserved(
            new CapacityReservation(
                "cr-1",
                "aws",
                "us-east-1",
                "a",
                "p5.48xlarge",
                NOW.minusSeconds(3600),
                NOW.plus(Duration.ofMinutes(30)),
                4,
                ReservationState.ACTIVE,
                Optional.empty()));
    Offering unknown =
        reserved(CapacityReservation.unresolved("cr-2", "aws", "us-east-1", "a", "p5.48xlarge"));
    var running = new Instance("i-1", block.key(), InstanceState.RUNNING, NOW, "", Map.of());
    var gone = new Instance("i-2", block.key(), InstanceState.TERMINATED, NOW, "", Map.of());

    metrics.observe(
        List.of(
            new Pool("block", "block", "h100", 8, 192, 2_048_000, 4, List.of(block)),
            new Pool("later", "later", "h100", 8, 192, 2_048_000, 4, List.of(unknown))),
        List.of(running, gone),
        NOW);
    metrics.moved("block");

    assertThat(gauge(registry, "stratus.reservation.instances", "cr-1")).isEqualTo(4);
    assertThat(gauge(registry, "stratus.reservation.instances.in.use", "cr-1")).isEqualTo(1);
    assertThat(gauge(registry, "stratus.reservation.seconds.left", "cr-1")).isEqualTo(1800);
    assertThat(gauge(registry, "stratus.reservation.instances", "cr-2")).isZero();
    assertThat(gauge(registry, "stratus.reservation.seconds.left", "cr-2")).isZero();
    assertThat(registry.get("stratus.window.moves").tag("pool", "block").counter().count())
        .isEqualTo(1);
  }

  static double gauge(SimpleMeterRegistry registry, String name, String reservation) {
    return registry.get(name).tag("reservation", reservation).gauge().value();
  }
}
