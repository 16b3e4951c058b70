package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.api.spi.Recovery;
import dev.stratus.testkit.gcp.GceServer;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Reservations through the real SDK against the model: how they are described and cached, the
 * reserved offerings they make, what a reserved launch sends, and GCE's refusals as {@code
 * ReservationClosed}.
 */
class GcpReservationsTest {
  static final String ZONE = GceServer.ZONE;
  static final String A3 = "a3-highgpu-8g";
  final GceServer server = new GceServer();
  final AheadClock clock = new AheadClock();
  final GcpNodeProvider provider = GcpTestProviders.create(settings(), clock);

  Map<String, Object> settings() {
    Map<String, Object> s = GcpTestProviders.settings(server, true);
    s.put("reservationsRefreshSeconds", 60);
    return s;
  }

  @AfterEach
  void stop() {
    provider.close();
    server.close();
  }

  CapacityReservation reservation(String id) {
    return provider.reservations().stream()
        .filter(r -> r.id().equals(id))
        .findFirst()
        .orElseThrow(() -> new AssertionError("not described: " + id));
  }

  /** The reserved offering of {@code id}, once the provider has read its reservations. */
  Offering reserved(String id) {
    reservation(id);
    return provider.offerings().stream()
        .filter(o -> o.key().reservation().equals(id))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no reserved offering for " + id));
  }

  LaunchResult launch(Offering o, int nodes, boolean allOrNothing) {
    List<String> names = nodes == 1 ? List.of("gpu-001") : List.of("gpu-001", "gpu-002");
    return provider.launch(GcpTestSupport.request(o, names, allOrNothing));
  }

  JsonNode lastCreate() {
    List<JsonNode> creates =
        server.model.requests().stream()
            .filter(r -> r.path("method").asText().equals("POST"))
            .filter(r -> r.path("url").asText().contains("/instances"))
            .toList();
    return creates.get(creates.size() - 1).path("body");
  }

  @Test
  void aHandMadeSpecificReservationIsOpenSinceItWasMadeWithoutEnd() {
    server.model.windows().addReservation(ZONE, "team-a3", A3, 4);

    assertThat(reservation("team-a3"))
        .satisfies(
            r -> {
              assertThat(r.start()).isEqualTo(Instant.MIN);
              assertThat(r.end()).isEqualTo(Instant.MAX);
              assertThat(r.instances()).isEqualTo(4);
              assertThat(r.zone()).isEqualTo(ZONE);
              assertThat(r.state()).isEqualTo(ReservationState.ACTIVE);
            });
  }

  @Test
  void aCalendarReservationIsDescribedWithItsWindowBeforeAndAfterItOpens() {
    Instant start = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
    server.model.windows().reserve(ZONE, "cal", A3, 2, start, start.plus(Duration.ofDays(1)));

    assertThat(reservation("cal").state()).isEqualTo(ReservationState.SCHEDULED);
    assertThat(reservation("cal").start()).isEqualTo(start);
    assertThat(reservation("cal").end()).isEqualTo(start.plus(Duration.ofDays(1)));
  }

  @Test
  void reservationsAreReadOncePerRefreshPeriodNotPerCall() {
    server.model.windows().addReservation(ZONE, "first", A3, 1);
    assertThat(provider.reservations()).extracting(CapacityReservation::id).contains("first");

    server.model.windows().addReservation(ZONE, "second", A3, 1);
    assertThat(provider.reservations())
        .extracting(CapacityReservation::id)
        .doesNotContain("second");
    assertThat(provider.offerings())
        .extracting(o -> o.key().reservation())
        .doesNotContain("second");

    clock.advance(Duration.ofSeconds(61));
    assertThat(provider.reservations()).extracting(CapacityReservation::id).contains("second");
  }

  @Test
  void aFailedRefreshKeepsWhatWasKnownAndNeverHavingReadThrows() {
    server.model.failNextCall(403, "forbidden", "Required 'compute.reservations.list' permission");
    assertThatThrownBy(provider::reservations)
        .isInstanceOf(ProviderException.class)
        .hasMessageContaining("compute.reservations.list");

    server.model.windows().addReservation(ZONE, "known", A3, 1);
    assertThat(provider.reservations()).extracting(CapacityReservation::id).contains("known");
    clock.advance(Duration.ofSeconds(61));
    server.model.failNextCall(403, "forbidden", "Required 'compute.reservations.list' permission");
    assertThat(provider.reservations()).extracting(CapacityReservation::id).contains("known");
  }

  @Test
  void aReservationOfAConfiguredMachineIsAReservedOfferingAtTheOnDemandRate() {
    server.model.windows().addReservation(GceServer.OTHER_ZONE, "team-a2", "a2-highgpu-8g", 2);
    server.model.windows().addReservation(ZONE, "unconfigured", "a2-ultragpu-8g", 2);
    Offering onDemandA2 = provider.offerings().get(1);
    assertThat(provider.offerings()).as("none before the reservations are read").hasSize(2);

    Offering o = reserved("team-a2");

    assertThat(o.capacityType()).isEqualTo(CapacityType.RESERVED);
    assertThat(o.key().zone()).isEqualTo(GceServer.OTHER_ZONE);
    assertThat(o.gpusPerNode()).isEqualTo(onDemandA2.gpusPerNode());
    assertThat(o.terms()).isEqualTo(new CapacityTerms.Reserved(reservation("team-a2")));
    assertThat(o.pricePerHour()).isEqualByComparingTo(onDemandA2.pricePerHour());
    assertThat(provider.offerings())
        .extracting(x -> x.key().reservation())
        .doesNotContain("unconfigured");
  }

  @Test
  void withOnlyASpotOfferingAndNoBundledRateAReservationTakesTheConfiguredPrice() {
    server.model.windows().addReservation(ZONE, "team-a3", A3, 2);

    assertThat(reserved("team-a3").pricePerHour()).isEqualByComparingTo(new BigDecimal("20.5"));
  }

  @Test
  void aLaunchIntoACalendarReservationIsBoundToItAndNamesItSpecifically() {
    Instant now = Instant.now();
    server.model.windows().reserve(ZONE, "cal", A3, 2, now.minusSeconds(60), now.plusSeconds(3600));

    LaunchResult result = launch(reserved("cal"), 2, true);

    assertThat(result.complete()).isTrue();
    JsonNode props = lastCreate().path("instanceProperties");
    assertThat(props.path("scheduling").path("provisioningModel").asText())
        .isEqualTo("RESERVATION_BOUND");
    assertThat(props.path("scheduling").path("instanceTerminationAction").asText())
        .isEqualTo("DELETE");
    JsonNode affinity = props.path("reservationAffinity");
    assertThat(affinity.path("consumeReservationType").asText()).isEqualTo("SPECIFIC_RESERVATION");
    assertThat(affinity.path("key").asText()).isEqualTo("compute.googleapis.com/reservation-name");
    assertThat(affinity.path("values").get(0).asText()).isEqualTo("cal");
    assertThat(props.has("resourcePolicies")).as("no compact placement in a reservation").isFalse();
    assertThat(server.model.policies()).isEmpty();
  }

  @Test
  void aLaunchIntoAHandMadeReservationIsStandardAndListedAsReservedInIt() {
    server.model.windows().addReservation(ZONE, "team-a3", A3, 1);

    LaunchResult result = launch(reserved("team-a3"), 1, false);

    assertThat(result.complete()).isTrue();
    assertThat(lastCreate().path("scheduling").path("provisioningModel").asText())
        .isEqualTo("STANDARD");
    assertThat(provider.list("c1"))
        .singleElement()
        .satisfies(
            i -> {
              assertThat(i.offering().capacityType()).isEqualTo(CapacityType.RESERVED);
              assertThat(i.offering().reservation()).isEqualTo("team-a3");
            });
  }

  @Test
  void aFullReservationRefusesWithGcesOwnErrorAsReservationClosed() {
    server.model.windows().addReservation(ZONE, "team-a3", A3, 1);
    Offering o = reserved("team-a3");
    assertThat(launch(o, 1, false).complete()).isTrue();

    LaunchResult second = provider.launch(GcpTestSupport.request(o, List.of("gpu-002"), false));

    assertThat(second.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.error()).isInstanceOf(ProviderError.ReservationClosed.class);
              assertThat(f.error().code()).isEqualTo("CONDITION_NOT_MET");
              assertThat(f.error().message())
                  .contains("Specified reservation 'team-a3' does not have available resources");
              assertThat(((ProviderError.ReservationClosed) f.error()).reservation())
                  .isEqualTo("team-a3");
              assertThat(f.error().recovery()).isEqualTo(Recovery.TRY_ANOTHER_OFFERING);
            });
  }

  @Test
  void aReservationThatIsNotReadyRefusesAndIsDescribedAsPending() {
    server.model.windows().addReservation(ZONE, "team-a3", A3, 2);
    Offering o = reserved("team-a3");
    server.model.windows().reservationStatus(ZONE, "team-a3", "UPDATING");

    LaunchResult result = launch(o, 1, false);

    assertThat(result.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.error()).isInstanceOf(ProviderError.ReservationClosed.class);
              assertThat(f.error().message()).contains("requires reservation to be in READY state");
            });
    assertThat(reservation("team-a3").state())
        .as("the refusal made the provider read its reservations again")
        .isEqualTo(ReservationState.PENDING);
  }
}
