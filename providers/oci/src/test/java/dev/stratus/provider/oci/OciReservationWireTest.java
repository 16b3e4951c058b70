package dev.stratus.provider.oci;

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
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ReservationAware;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reservations on the OCI model beyond the contract: no tag, states, refusals, caching. */
class OciReservationWireTest {
  static final String ID = "ocid1.capacityreservation.oc1.iad.aaaawiretest";
  @TempDir Path dir;
  OciHarness h;

  @BeforeEach
  void open() {
    h = new OciHarness(dir);
  }

  @AfterEach
  void close() {
    h.close();
  }

  CapacityReservation reservation() {
    return ((ReservationAware) h.provider())
        .reservations().stream().filter(r -> r.id().equals(ID)).findFirst().orElseThrow();
  }

  LaunchRequest request() {
    Offering base = h.offering();
    OfferingKey k = base.key();
    Offering reserved =
        new Offering(
            new OfferingKey(
                k.provider(), k.region(), k.zone(), k.instanceType(), CapacityType.RESERVED, ID),
            base.gpuModel(),
            base.gpusPerNode(),
            base.cpus(),
            base.memoryMiB(),
            base.pricePerHour(),
            base.priceOrigin(),
            new CapacityTerms.Reserved(reservation()));
    String token = UUID.randomUUID().toString();
    return new LaunchRequest(
        h.cluster(),
        "gpu",
        reserved,
        h.nodeNames(1),
        token,
        Map.of(Tags.CLUSTER, h.cluster(), Tags.POOL, "gpu", Tags.TOKEN, token),
        true);
  }

  @Test
  void anUntaggedReservationRunsFromItsCreationWithoutEndAndItsInstancesAreReserved() {
    h.model().reservation(ID, OciHarness.AD, h.offering().key().instanceType(), 1);

    assertThat(reservation().end()).isEqualTo(Instant.MAX);
    assertThat(reservation().state()).isEqualTo(ReservationState.ACTIVE);
    Instance launched = h.provider().launch(request()).launched().get(0);

    assertThat(h.provider().get(launched.id()).orElseThrow().offering().reservation())
        .isEqualTo(ID);
    assertThat(h.provider().launch(request()).failures().get(0).error())
        .isInstanceOfSatisfying(
            ProviderError.ReservationClosed.class,
            e -> assertThat(e.message()).contains("Out of host capacity"));
  }

  @Test
  void anUpdatingReservationIsPendingAndRefusesLaunchesWithIncorrectState() {
    h.model().reservation(ID, OciHarness.AD, h.offering().key().instanceType(), 2);
    h.model().reservationState(ID, "UPDATING");

    assertThat(reservation().state()).isEqualTo(ReservationState.PENDING);
    assertThat(h.provider().launch(request()).failures().get(0).error())
        .isInstanceOfSatisfying(
            ProviderError.ReservationClosed.class,
            e -> {
              assertThat(e.code()).isEqualTo("IncorrectState");
              assertThat(e.reservation()).isEqualTo(ID);
            });
    assertThat(h.server().calls().stream().filter(c -> c.equals("POST /instances")).count())
        .as("IncorrectState on a reserved launch is not retried")
        .isEqualTo(1);
  }

  @Test
  void reservationsAreListedOncePerRefresh() {
    h.model().reservation(ID, OciHarness.AD, h.offering().key().instanceType(), 2);

    reservation();
    reservation();

    assertThat(
            h.server().calls().stream()
                .filter(c -> c.equals("GET /computeCapacityReservations"))
                .count())
        .isEqualTo(1);
  }
}
