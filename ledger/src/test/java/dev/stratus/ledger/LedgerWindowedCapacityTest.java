package dev.stratus.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.Tags;
import dev.stratus.core.money.InstanceSighting;
import dev.stratus.core.money.InstanceSpan;
import dev.stratus.core.money.LedgerObservation;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Instances on a reservation or block, and on flex-start, are booked like any other. */
class LedgerWindowedCapacityTest {
  static final Instant T0 = Instant.parse("2026-12-01T00:00:00Z");
  static final OfferingKey BLOCK =
      new OfferingKey(
          "aws", "us-east-1", "us-east-1a", "p5.48xlarge", CapacityType.RESERVED, "cr-7");
  static final OfferingKey FLEX =
      new OfferingKey("gcp", "us-central1", "us-central1-a", "a3-highgpu-8g", CapacityType.FLEX);

  @TempDir Path dir;

  static InstanceSighting sighting(String id, OfferingKey key, String node) {
    return new InstanceSighting(
        new Instance(
            id, key, InstanceState.RUNNING, T0, "", Map.of(Tags.NODE, node, Tags.POOL, "block")),
        "block",
        "block",
        8,
        BigDecimal.ZERO,
        PriceOrigin.CONFIGURED);
  }

  @Test
  void reservedAndFlexInstancesAreBookedUnderTheirOffering() {
    try (SqliteCostLedger ledger = SqliteCostLedger.open(dir.resolve("ledger.db"))) {
      ledger.reconcile(
          new LedgerObservation(
              T0.plusSeconds(60),
              List.of(sighting("i-1", BLOCK, "block-001"), sighting("i-2", FLEX, "flex-001")),
              Set.of("aws", "gcp"),
              Optional.of(List.of())));

      assertThat(ledger.extract(T0, T0.plusSeconds(120)).instances())
          .extracting(InstanceSpan::capacityType, InstanceSpan::offering)
          .containsExactlyInAnyOrder(
              Tuple.tuple(
                  CapacityType.RESERVED, "aws/us-east-1/us-east-1a/p5.48xlarge/reserved/cr-7"),
              Tuple.tuple(CapacityType.FLEX, "gcp/us-central1/us-central1-a/a3-highgpu-8g/flex"));
    }
  }

  @Test
  void aLedgerOfTheLastWaveMigratesKeepingEveryInstance() throws Exception {
    Path file = dir.resolve("v3.db");
    String url = OldLedgers.at(file, "3");
    try (Connection c = DriverManager.getConnection(url)) {
      c.createStatement()
          .execute(
              "INSERT INTO instances (instance_id, provider, region, zone, instance_type,"
                  + " capacity_type, pool, partition_name, node, gpus, price_per_hour, price_kind,"
                  + " price_source, price_as_of, launched_at, first_seen_at, last_seen_at,"
                  + " ended_at, offering, fault_at, fault_admission, fault_cause) VALUES ('i-old',"
                  + " 'aws', 'us-east-1', '', 'p5.48xlarge', 'SPOT', 'gpu', 'gpu', 'gpu-001', 8,"
                  + " '12.5', 'CONFIGURED', 'x', '', 0, 0, 10, 10,"
                  + " 'aws/us-east-1/p5.48xlarge/spot', 5, 1, 'ecc')");
    }
    try (SqliteCostLedger migrated = SqliteCostLedger.open(file)) {
      assertThat(migrated.extract(Instant.EPOCH, Instant.EPOCH.plusSeconds(1)).instances())
          .singleElement()
          .satisfies(
              i -> {
                assertThat(i.instanceId()).isEqualTo("i-old");
                assertThat(i.capacityType()).isEqualTo(CapacityType.SPOT);
                assertThat(i.pricePerHour()).isEqualByComparingTo("12.5");
                assertThat(i.offering()).isEqualTo("aws/us-east-1/p5.48xlarge/spot");
                assertThat(i.fault()).isPresent();
              });
      migrated.reconcile(
          new LedgerObservation(
              T0, List.of(sighting("i-1", BLOCK, "block-001")), Set.of("aws"), Optional.empty()));
    }
  }
}
