package dev.stratus.core.metrics;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.core.money.CostKey;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class MoneyMetricsTest {
  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  final Offering spot = offering("aws", "us-east-1a", CapacityType.SPOT, "40");
  final MoneyMetrics metrics = new MoneyMetrics(registry, List.of(pool("gpu", 4, spot)), List.of());

  double counter(String name, String tag, String value) {
    return registry.get(name).tag(tag, value).counter().count();
  }

  @Test
  void faultyAndWasteSeriesExistFromTheStartAndCountTheirCharges() {
    String offering = spot.key().toString();
    assertThat(counter("stratus.faulty.usd", "offering", offering)).isZero();
    assertThat(counter("stratus.waste.usd", "pool", "gpu")).isZero();

    metrics.spent(key(CostKey.Kind.FAULTY, offering), new BigDecimal("2.5"));
    metrics.spent(key(CostKey.Kind.WASTE, offering), new BigDecimal("1.25"));
    metrics.spent(key(CostKey.Kind.RUN, offering), new BigDecimal("4"));

    assertThat(counter("stratus.faulty.usd", "offering", offering)).isEqualTo(2.5);
    assertThat(counter("stratus.waste.usd", "pool", "gpu")).isEqualTo(1.25);
    assertThat(counter("stratus.spend.usd", "account", CostKey.FAULTY_OWNER)).isEqualTo(2.5);
    assertThat(metrics.spentTotal()).isEqualTo(7.75);
  }

  static CostKey key(CostKey.Kind kind, String offering) {
    boolean faulty = kind == CostKey.Kind.FAULTY;
    String owner = faulty ? CostKey.FAULTY_OWNER : "team-a";
    return new CostKey(
        kind, faulty ? 0 : 7, owner, owner, "gpu", "gpu", "aws", CapacityType.SPOT, offering);
  }
}
