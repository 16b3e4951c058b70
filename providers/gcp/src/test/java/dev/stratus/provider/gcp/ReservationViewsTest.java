package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.cloud.compute.v1.AllocationSpecificSKUAllocationReservedInstanceProperties;
import com.google.cloud.compute.v1.AllocationSpecificSKUReservation;
import com.google.cloud.compute.v1.FutureReservation;
import com.google.cloud.compute.v1.FutureReservationSpecificSKUProperties;
import com.google.cloud.compute.v1.FutureReservationStatus;
import com.google.cloud.compute.v1.FutureReservationTimeWindow;
import com.google.cloud.compute.v1.Reservation;
import dev.stratus.api.model.ReservationState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** GCE's reservations and future reservations to our descriptions, as pure functions. */
class ReservationViewsTest {
  static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
  static final Instant START = NOW.minus(Duration.ofHours(1));
  static final Instant END = NOW.plus(Duration.ofHours(1));

  static FutureReservation.Builder future(String procurement) {
    return FutureReservation.newBuilder()
        .setName("fr1")
        .setReservationMode("CALENDAR")
        .setTimeWindow(
            FutureReservationTimeWindow.newBuilder()
                .setStartTime(START.toString())
                .setEndTime(END.toString()))
        .setSpecificSkuProperties(
            FutureReservationSpecificSKUProperties.newBuilder()
                .setTotalCount(4)
                .setInstanceProperties(
                    AllocationSpecificSKUAllocationReservedInstanceProperties.newBuilder()
                        .setMachineType("a3-highgpu-8g")))
        .setStatus(FutureReservationStatus.newBuilder().setProcurementStatus(procurement));
  }

  static Reservation reservation(String name, String status) {
    return Reservation.newBuilder()
        .setName(name)
        .setStatus(status)
        .setSpecificReservation(
            AllocationSpecificSKUReservation.newBuilder()
                .setCount(4)
                .setInstanceProperties(
                    AllocationSpecificSKUAllocationReservedInstanceProperties.newBuilder()
                        .setMachineType("a3-highgpu-8g")))
        .build();
  }

  static List<GcpReservation> describe(List<Reservation> rs, List<FutureReservation> fs) {
    return ReservationViews.describe("us-central1", "us-central1-a", rs, fs, NOW);
  }

  @Test
  void aDeliveredCalendarReservationIsOneActiveWindowNamedAfterItsReservationAndBound() {
    FutureReservation f =
        future("FULFILLED")
            .setStatus(
                FutureReservationStatus.newBuilder()
                    .setProcurementStatus("FULFILLED")
                    .addAutoCreatedReservations(
                        "https://compute.googleapis.com/compute/v1/projects/p/zones/z/reservations/fr1-abc"))
            .build();

    assertThat(describe(List.of(reservation("fr1-abc", "READY")), List.of(f)))
        .singleElement()
        .satisfies(
            g -> {
              assertThat(g.id()).isEqualTo("fr1-abc");
              assertThat(g.bound()).isTrue();
              assertThat(g.view().start()).isEqualTo(START);
              assertThat(g.view().end()).isEqualTo(END);
              assertThat(g.view().instances()).isEqualTo(4);
              assertThat(g.view().state()).isEqualTo(ReservationState.ACTIVE);
            });
  }

  @Test
  void aDefaultModeFutureReservationsReservationOutlivesTheWindowUnlessAutoDeleted() {
    FutureReservation kept = future("FULFILLED").setReservationMode("DEFAULT").build();
    FutureReservation deleted =
        future("FULFILLED")
            .setReservationMode("DEFAULT")
            .setAutoDeleteAutoCreatedReservations(true)
            .setAutoCreatedReservationsDeleteTime(END.plus(Duration.ofHours(2)).toString())
            .build();

    assertThat(describe(List.of(), List.of(kept)).get(0).view().end()).isEqualTo(Instant.MAX);
    assertThat(describe(List.of(), List.of(kept)).get(0).bound()).isFalse();
    assertThat(describe(List.of(), List.of(deleted)).get(0).view().end())
        .isEqualTo(END.plus(Duration.ofHours(2)));
  }

  @Test
  void aReservationWithoutAMachineTypeOrInstancesIsLeftOut() {
    Reservation fromTemplate =
        Reservation.newBuilder()
            .setName("t")
            .setStatus("READY")
            .setSpecificReservation(
                AllocationSpecificSKUReservation.newBuilder()
                    .setCount(2)
                    .setSourceInstanceTemplate("global/instanceTemplates/x"))
            .build();

    assertThat(describe(List.of(fromTemplate), List.of())).isEmpty();
  }

  @Test
  void aReservationWithADeleteTimeEndsThenAndIsExpiredAfter() {
    Reservation r = reservation("r", "READY").toBuilder().setDeleteAtTime(END.toString()).build();

    assertThat(describe(List.of(r), List.of()).get(0).view().end()).isEqualTo(END);
    assertThat(
            ReservationViews.describe(
                    "us-central1", "us-central1-a", List.of(r), List.of(), END.plusSeconds(1))
                .get(0)
                .view()
                .state())
        .isEqualTo(ReservationState.EXPIRED);
  }

  @Test
  void procurementStatusesAndTheDeliveredReservationMapOntoOurStates() {
    Instant later = NOW.plus(Duration.ofHours(2));
    assertThat(FutureStates.of("PENDING_APPROVAL", Optional.empty(), START, END, NOW))
        .isEqualTo(ReservationState.PENDING);
    assertThat(FutureStates.of("DECLINED", Optional.empty(), START, END, NOW))
        .isEqualTo(ReservationState.CANCELLED);
    assertThat(FutureStates.of("APPROVED", Optional.empty(), later, later.plusSeconds(60), NOW))
        .isEqualTo(ReservationState.SCHEDULED);
    assertThat(FutureStates.of("PROVISIONING", Optional.empty(), START, END, NOW))
        .isEqualTo(ReservationState.SCHEDULED);
    assertThat(FutureStates.of("FULFILLED", Optional.of("READY"), START, END, NOW))
        .isEqualTo(ReservationState.ACTIVE);
    assertThat(FutureStates.of("FULFILLED", Optional.of("UPDATING"), START, END, NOW))
        .isEqualTo(ReservationState.PENDING);
    assertThat(FutureStates.of("FULFILLED", Optional.empty(), START, END, NOW))
        .as("delivered, then deleted: the window is over")
        .isEqualTo(ReservationState.EXPIRED);
    assertThat(FutureStates.of("FULFILLED", Optional.of("READY"), START, END, END))
        .isEqualTo(ReservationState.EXPIRED);
  }
}
