package dev.stratus.provider.oci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.oracle.bmc.core.model.ComputeCapacityReservation;
import com.oracle.bmc.core.model.ComputeCapacityReservation.LifecycleState;
import com.oracle.bmc.core.model.Instance;
import com.oracle.bmc.core.model.InstanceReservationConfig;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.ReservationState;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OciReservationMappingTest {
  static final Instant CREATED = Instant.parse("2026-12-01T00:00:00Z");
  static final Instant END = Instant.parse("2026-12-08T00:00:00Z");

  @Test
  void aReservationIsOnePerShapeFromItsCreationToItsTaggedEnd() {
    var r =
        ComputeCapacityReservation.builder()
            .id("ocid1.capacityreservation.oc1.iad.aaaa1")
            .availabilityDomain(OciHarness.AD)
            .lifecycleState(LifecycleState.Active)
            .timeCreated(Date.from(CREATED))
            .freeformTags(Map.of(OciReservationMapping.END_TAG, END.toString()))
            .instanceReservationConfigs(
                List.of(config("BM.GPU.H100.8", 2), config("BM.GPU.A100-v2.8", 1)))
            .build();

    var mapped = OciReservationMapping.toReservations(r, "us-ashburn-1", CREATED.plusSeconds(1));

    assertThat(mapped)
        .extracting(c -> c.instanceType() + "x" + c.instances())
        .containsExactly("BM.GPU.H100.8x2", "BM.GPU.A100-v2.8x1");
    assertThat(mapped.get(0).start()).isEqualTo(CREATED);
    assertThat(mapped.get(0).end()).isEqualTo(END);
    assertThat(mapped.get(0).state()).isEqualTo(ReservationState.ACTIVE);
  }

  @Test
  void withoutTheTagTheWindowHasNoEnd() {
    assertThat(OciReservationMapping.end(Map.of())).isEqualTo(Instant.MAX);
    assertThat(OciReservationMapping.end(null)).isEqualTo(Instant.MAX);
    assertThatThrownBy(() -> OciReservationMapping.end(Map.of("stratus-window-end", "soon")))
        .hasMessageContaining("stratus-window-end must be an ISO-8601 instant, got 'soon'");
  }

  @Test
  void statesFollowTheLifecycleAndTheTaggedEnd() {
    Instant before = END.minusSeconds(1);
    assertThat(OciReservationMapping.state(LifecycleState.Creating, END, before))
        .isEqualTo(ReservationState.PENDING);
    assertThat(OciReservationMapping.state(LifecycleState.Updating, END, before))
        .isEqualTo(ReservationState.PENDING);
    assertThat(OciReservationMapping.state(LifecycleState.Moving, END, before))
        .isEqualTo(ReservationState.PENDING);
    assertThat(OciReservationMapping.state(LifecycleState.Active, END, END))
        .isEqualTo(ReservationState.EXPIRED);
    assertThat(OciReservationMapping.state(LifecycleState.Deleted, END, END))
        .isEqualTo(ReservationState.EXPIRED);
    assertThat(OciReservationMapping.state(LifecycleState.Deleted, END, before))
        .isEqualTo(ReservationState.CANCELLED);
    assertThat(OciReservationMapping.state(LifecycleState.Deleting, Instant.MAX, END))
        .isEqualTo(ReservationState.CANCELLED);
    assertThat(OciReservationMapping.state(LifecycleState.UnknownEnumValue, END, before))
        .isEqualTo(ReservationState.CANCELLED);
  }

  @Test
  void anInstanceOfAnOfferingsOwnReservationIsThatOfferingsAnyOtherIsReserved() {
    var launched =
        Instance.builder()
            .id("ocid1.instance.oc1.iad.aaaa1")
            .availabilityDomain(OciHarness.AD)
            .shape("BM.GPU.H100.8")
            .capacityReservationId("ocid1.capacityreservation.oc1.iad.aaaa1")
            .lifecycleState(Instance.LifecycleState.Running)
            .build();

    var asConfigured =
        OciInstances.toInstance(
            "us-ashburn-1", launched, Set.of("ocid1.capacityreservation.oc1.iad.aaaa1"));
    var asReserved = OciInstances.toInstance("us-ashburn-1", launched, Set.of());

    assertThat(asConfigured.offering().capacityType()).isEqualTo(CapacityType.ON_DEMAND);
    assertThat(asConfigured.offering().reservation()).isEmpty();
    assertThat(asReserved.offering().capacityType()).isEqualTo(CapacityType.RESERVED);
    assertThat(asReserved.offering().reservation())
        .isEqualTo("ocid1.capacityreservation.oc1.iad.aaaa1");
  }

  static InstanceReservationConfig config(String shape, long count) {
    return InstanceReservationConfig.builder()
        .instanceShape(shape)
        .reservedCount(count)
        .usedCount(0L)
        .build();
  }
}
