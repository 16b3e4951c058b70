package dev.stratus.provider.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.ReservationState;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ArmReservationMappingTest {
  static final Instant START = Instant.parse("2026-12-01T00:00:00Z");
  static final Instant END = Instant.parse("2026-12-08T00:00:00Z");

  static ReservationState at(String provisioning, Instant now) {
    return ArmReservationMapping.state(provisioning, START, END, now);
  }

  @Test
  void aSucceededBlockIsScheduledThenActiveThenExpiredByItsSchedule() {
    assertThat(at("Succeeded", START.minusSeconds(1))).isEqualTo(ReservationState.SCHEDULED);
    assertThat(at("Succeeded", START)).isEqualTo(ReservationState.ACTIVE);
    assertThat(at("Updating", START.plusSeconds(60))).isEqualTo(ReservationState.ACTIVE);
    assertThat(at("Succeeded", END)).isEqualTo(ReservationState.EXPIRED);
  }

  @Test
  void creatingIsPendingAndAnEarlyDeleteOrFailureIsCancelled() {
    assertThat(at("Creating", START.plusSeconds(1))).isEqualTo(ReservationState.PENDING);
    assertThat(at("Deleting", START.plusSeconds(1))).isEqualTo(ReservationState.CANCELLED);
    assertThat(at("Deleting", END.plusSeconds(1))).isEqualTo(ReservationState.EXPIRED);
    assertThat(at("Failed", START.plusSeconds(1))).isEqualTo(ReservationState.CANCELLED);
  }

  @Test
  void aVanishedReservationExpiredOnlyIfItsEndHadPassed() {
    var block = reservation(END);
    var targeted = reservation(Instant.MAX);

    assertThat(ArmReservationMapping.vanished(block, END).state())
        .isEqualTo(ReservationState.EXPIRED);
    assertThat(ArmReservationMapping.vanished(block, END.minusSeconds(1)).state())
        .isEqualTo(ReservationState.CANCELLED);
    assertThat(ArmReservationMapping.vanished(targeted, END).state())
        .isEqualTo(ReservationState.CANCELLED);
  }

  @Test
  void scheduleBoundsAreDatesOrDateTimes() {
    assertThat(ArmReservationMapping.instant("2026-12-01")).isEqualTo(START);
    assertThat(ArmReservationMapping.instant("2026-12-01T02:00:00+02:00")).isEqualTo(START);
    assertThatThrownBy(() -> ArmReservationMapping.instant("next week"))
        .hasMessageContaining("'next week' is no date");
  }

  @Test
  void aReservationIdNamesItsGroup() {
    String group =
        "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Compute"
            + "/capacityReservationGroups/crg";
    assertThat(ArmReservationMapping.groupArmId(group.substring(1) + "/capacityReservations/cr"))
        .contains(group);
    assertThat(ArmReservationMapping.groupArmId("cr-0123456789abcdef0")).isEmpty();
  }

  static CapacityReservation reservation(Instant end) {
    return new CapacityReservation(
        "subscriptions/s/resourceGroups/rg/providers/Microsoft.Compute"
            + "/capacityReservationGroups/crg/capacityReservations/cr",
        "azure",
        "eastus",
        "1",
        AzureFixture.H100,
        START,
        end,
        2,
        ReservationState.ACTIVE,
        Optional.empty());
  }
}
