package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.testkit.gcp.GceServer;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

/**
 * Windows on the model's clock, which the provider shares: a calendar reservation opens at its
 * start and, at its end, GCE deletes it and its VMs; a flex-start VM is deleted when its maximum
 * run is over.
 */
class GceWindowsTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  final MutableClock clock = MutableClock.of(T0, ZoneOffset.UTC);
  final GceServer server = new GceServer(clock);
  final GcpNodeProvider provider =
      GcpTestProviders.create(GcpFlexStartTest.withFlex(server, "2h"), clock);

  @AfterEach
  void stop() {
    provider.close();
    server.close();
  }

  CapacityReservation cal() {
    return provider.reservations().stream()
        .filter(r -> r.id().equals("cal"))
        .findFirst()
        .orElseThrow();
  }

  Offering reservedInCal() {
    cal();
    return provider.offerings().stream()
        .filter(o -> o.key().reservation().equals("cal"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aCalendarReservationOpensAtItsStartAndItsEndDeletesItAndItsVms() {
    server
        .model
        .windows()
        .reserve(
            GceServer.ZONE,
            "cal",
            "a3-highgpu-8g",
            1,
            T0.plus(Duration.ofHours(1)),
            T0.plus(Duration.ofHours(3)));
    assertThat(cal().state()).isEqualTo(ReservationState.SCHEDULED);

    clock.add(Duration.ofHours(1));
    assertThat(cal().state()).isEqualTo(ReservationState.ACTIVE);
    Offering reserved = reservedInCal();
    assertThat(
            provider.launch(GcpTestSupport.request(reserved, List.of("gpu-001"), false)).complete())
        .isTrue();

    clock.add(Duration.ofHours(2));
    server.model.settle();
    server.model.settle();

    assertThat(provider.list("c1")).isEmpty();
    assertThat(cal().state()).isEqualTo(ReservationState.EXPIRED);
    LaunchResult late =
        provider.launch(GcpTestSupport.request(reserved, List.of("gpu-002"), false));
    assertThat(late.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.error()).isInstanceOf(ProviderError.ReservationClosed.class);
              assertThat(f.error().message())
                  .contains("Specified reservation 'cal' does not exist");
            });
  }

  @Test
  void aFlexStartVmIsDeletedWhenItsMaximumRunIsOver() {
    Offering flex =
        provider.offerings().stream()
            .filter(o -> o.capacityType() == CapacityType.FLEX)
            .findFirst()
            .orElseThrow();
    assertThat(provider.launch(GcpTestSupport.request(flex, List.of("gpu-001"), false)).complete())
        .isTrue();

    clock.add(Duration.ofMinutes(119));
    assertThat(provider.list("c1")).hasSize(1);
    clock.add(Duration.ofMinutes(1));
    server.model.settle();
    server.model.settle();

    assertThat(provider.list("c1")).isEmpty();
  }
}
