package dev.stratus.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.Recovery;
import dev.stratus.api.spi.ReservationAware;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Windowed capacity, for every provider whose cloud sells it ({@link ReservationAware}) and whose
 * harness implements {@link Reserving}: the reservation is described with its window and count; a
 * launch into it works only while the window is open, and fails otherwise with {@link
 * ProviderError.ReservationClosed}; its instances are listed as reserved, naming it; at the end the
 * cloud ends them.
 */
public interface ReservationContract {
  ContractHarness harness();

  @Test
  default void aReservationIsDescribedWithItsWindowCountAndState() {
    Instant start = Instant.now().minus(Duration.ofMinutes(5)).truncatedTo(ChronoUnit.SECONDS);
    Instant end = start.plus(Duration.ofHours(2));
    String id = reserving().reserve(start, end, 2);

    assertThat(reservation(id))
        .satisfies(
            r -> {
              assertThat(r.provider()).isEqualTo(harness().provider().name());
              assertThat(r.instanceType()).isEqualTo(harness().offering().key().instanceType());
              assertThat(r.region()).isEqualTo(harness().offering().key().region());
              assertThat(r.start()).isEqualTo(start);
              assertThat(r.end()).isEqualTo(end);
              assertThat(r.instances()).isEqualTo(2);
              assertThat(r.state()).isEqualTo(ReservationState.ACTIVE);
              assertThat(r.openAt(Instant.now())).isTrue();
            });
  }

  @Test
  default void aLaunchIntoAnOpenReservationIsListedAsReservedInIt() {
    String id =
        reserving().reserve(Instant.now().minusSeconds(60), Instant.now().plusSeconds(3600), 2);
    Offering reserved = reservedOffering(id);

    LaunchResult result = harness().provider().launch(request(reserved, 2));

    assertThat(result.failures()).isEmpty();
    assertThat(result.launched()).hasSize(2);
    assertThat(harness().provider().list(harness().cluster()))
        .hasSize(2)
        .allSatisfy(
            i -> {
              assertThat(i.offering().capacityType()).isEqualTo(CapacityType.RESERVED);
              assertThat(i.offering().reservation()).isEqualTo(id);
            });
  }

  @Test
  default void aLaunchBeforeTheWindowOpensIsRefusedWithATypedError() {
    String id =
        reserving().reserve(Instant.now().plusSeconds(3600), Instant.now().plusSeconds(7200), 1);
    assertThat(reservation(id).state()).isIn(ReservationState.SCHEDULED, ReservationState.PENDING);

    LaunchResult result = harness().provider().launch(request(reservedOffering(id), 1));

    assertThat(result.launched()).isEmpty();
    assertThat(harness().provider().list(harness().cluster())).isEmpty();
    assertClosed(result, id);
  }

  @Test
  default void atTheEndTheCloudEndsItsInstancesAndRefusesLaunches() {
    String id =
        reserving().reserve(Instant.now().minusSeconds(60), Instant.now().plusSeconds(3600), 2);
    Offering reserved = reservedOffering(id);
    List<Instance> launched = harness().provider().launch(request(reserved, 1)).launched();
    assertThat(launched).hasSize(1);

    reserving().endWindow(id);

    assertThat(reservation(id).state()).isEqualTo(ReservationState.EXPIRED);
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(harness().provider().list(harness().cluster())).isEmpty());
    assertThat(harness().provider().get(launched.get(0).id())).isEmpty();
    assertClosed(harness().provider().launch(request(reserved, 1)), id);
  }

  // ---- helpers ----

  private Reserving reserving() {
    assertThat(harness()).isInstanceOf(Reserving.class);
    return (Reserving) harness();
  }

  private CapacityReservation reservation(String id) {
    assertThat(harness().provider()).isInstanceOf(ReservationAware.class);
    return ((ReservationAware) harness().provider())
        .reservations().stream()
            .filter(r -> r.id().equals(id))
            .findFirst()
            .orElseThrow(() -> new AssertionError("reservations() does not list " + id));
  }

  /** The harness's offering, launching into reservation {@code id} on its terms. */
  private Offering reservedOffering(String id) {
    Offering base = harness().offering();
    OfferingKey k = base.key();
    return new Offering(
        new OfferingKey(
            k.provider(), k.region(), k.zone(), k.instanceType(), CapacityType.RESERVED, id),
        base.gpuModel(),
        base.gpusPerNode(),
        base.cpus(),
        base.memoryMiB(),
        base.pricePerHour(),
        base.priceOrigin(),
        new CapacityTerms.Reserved(reservation(id)));
  }

  private LaunchRequest request(Offering offering, int nodes) {
    String token = UUID.randomUUID().toString();
    String cluster = harness().cluster();
    return new LaunchRequest(
        cluster,
        "contract",
        offering,
        harness().nodeNames(nodes),
        token,
        Map.of(Tags.CLUSTER, cluster, Tags.POOL, "contract", Tags.TOKEN, token),
        true);
  }

  private static void assertClosed(LaunchResult result, String id) {
    assertThat(result.failures())
        .isNotEmpty()
        .allSatisfy(
            f -> {
              assertThat(f.error()).isInstanceOf(ProviderError.ReservationClosed.class);
              assertThat(((ProviderError.ReservationClosed) f.error()).reservation()).isEqualTo(id);
              assertThat(f.error().recovery()).isEqualTo(Recovery.TRY_ANOTHER_OFFERING);
            });
  }
}
