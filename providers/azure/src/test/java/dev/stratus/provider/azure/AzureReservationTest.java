package dev.stratus.provider.azure;

import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.testkit.ShiftedClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Reservations on the ARM model beyond the contract: Targeted ones, states, caching, refusals. */
class AzureReservationTest {
  final ShiftedClock clock = new ShiftedClock();
  final AzureFixture fixture = new AzureFixture(clock);
  final AzureNodeProvider provider;

  AzureReservationTest() {
    fixture.model.retryAfterSeconds(0);
    provider = fixture.provider("az", fixture.settings(), clock);
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  CapacityReservation reservation(String id) {
    return provider.reservations().stream()
        .filter(r -> r.id().equals(id))
        .findFirst()
        .orElseThrow();
  }

  LaunchResult launch(String id, int nodes) {
    Offering base = provider.offerings().get(0);
    OfferingKey k = base.key();
    Offering reserved =
        new Offering(
            new OfferingKey(
                k.provider(), k.region(), k.zone(), k.instanceType(), CapacityType.RESERVED, id),
            base.gpuModel(),
            base.gpusPerNode(),
            base.cpus(),
            base.memoryMiB(),
            base.pricePerHour(),
            base.priceOrigin(),
            new CapacityTerms.Reserved(reservation(id)));
    List<String> names = nodes == 1 ? List.of("r-001") : List.of("r-001", "r-002");
    return provider.launch(AzureFixture.request(reserved, names, false));
  }

  @Test
  void aTargetedReservationIsOpenEndedOvertakesItsCountAndIsCancelledWhenItsGroupGoes() {
    String id =
        fixture.model.reserveTargeted("crg-t", "cr-t", AzureFixture.H100, "1", 1).substring(1);

    assertThat(reservation(id).end()).isEqualTo(Instant.MAX);
    assertThat(reservation(id).state()).isEqualTo(ReservationState.ACTIVE);
    // ARM lets a Targeted reservation be overallocated: both VMs are made.
    assertThat(launch(id, 2).launched()).hasSize(2);

    fixture.model.deleteReservationGroup("crg-t");
    clock.passTo(Instant.now().plus(AzureReservations.REFRESH).plusSeconds(1));

    assertThat(reservation(id).state()).isEqualTo(ReservationState.CANCELLED);
    assertThat(provider.list("az")).isEmpty();
    assertThat(launch(id, 1).failures().get(0).error())
        .isInstanceOfSatisfying(
            ProviderError.ReservationClosed.class,
            e -> assertThat(e.code()).isEqualTo("CapacityReservationGroupNotFound"));
  }

  @Test
  void aReservationStillCreatingIsPendingAndRefusesVmsWithArmsCode() {
    Instant now = Instant.now();
    String id =
        fixture
            .model
            .reserveBlock(
                "crg-c",
                "cr-c",
                AzureFixture.H100,
                "1",
                1,
                now.minusSeconds(60),
                now.plusSeconds(3600))
            .substring(1);
    fixture.model.reservationProvisioningState("crg-c", "cr-c", "Creating");

    assertThat(reservation(id).state()).isEqualTo(ReservationState.PENDING);
    assertThat(launch(id, 1).failures().get(0).error())
        .isInstanceOfSatisfying(
            ProviderError.ReservationClosed.class,
            e -> {
              assertThat(e.code()).isEqualTo("OperationNotAllowed");
              assertThat(e.message()).contains("Creating");
              assertThat(e.reservation()).isEqualTo(id);
            });
  }

  @Test
  void aFullBlockRefusesTheNextVmAsClosed() {
    Instant now = Instant.now();
    String id =
        fixture
            .model
            .reserveBlock(
                "crg-f",
                "cr-f",
                AzureFixture.H100,
                "1",
                1,
                now.minusSeconds(60),
                now.plusSeconds(3600))
            .substring(1);

    LaunchResult two = launch(id, 2);

    assertThat(two.launched()).hasSize(1);
    assertThat(two.failures().get(0).error())
        .isInstanceOfSatisfying(
            ProviderError.ReservationClosed.class,
            e -> assertThat(e.code()).isEqualTo("ZonalAllocationFailed"));
  }

  @Test
  void reservationsAreListedOncePerRefreshNotOncePerCall() {
    Instant now = Instant.now();
    fixture.model.reserveBlock(
        "crg-1", "cr-1", AzureFixture.H100, "1", 2, now, now.plusSeconds(7200));

    provider.reservations();
    provider.reservations();
    clock.passTo(Instant.now().plus(Duration.ofSeconds(30)));
    provider.reservations();
    var groupLists = getRequestedFor(urlPathMatching(".*/capacityReservationGroups"));

    fixture.server.wiremock().verify(1, groupLists);
    clock.passTo(Instant.now().plus(AzureReservations.REFRESH).plusSeconds(1));
    provider.reservations();
    fixture.server.wiremock().verify(2, groupLists);
  }
}
