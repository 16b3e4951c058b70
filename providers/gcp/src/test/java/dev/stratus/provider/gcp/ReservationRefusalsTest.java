package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** GCE's refusals of a VM that names a reservation, as the cloud words them, to our errors. */
class ReservationRefusalsTest {
  static final OfferingKey KEY =
      new OfferingKey(
          "gcp", "us-central1", "us-central1-a", "a3-highgpu-8g", CapacityType.RESERVED, "r1");

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Specified reservation 'r1' does not exist.",
        "Specified reservations [r1] do not exist. (when acting as 'x')",
        "Specified reservation 'r1' does not have available resources for the request.",
        "Cannot insert instance to a reservation with status: CREATING, as it requires reservation"
            + " to be in READY state.",
        "No available resources in specified reservations [r1]."
      })
  void eachRefusalIsReservationClosedNamingTheReservationWithTheCloudsCodeAndMessage(
      String message) {
    ProviderError e =
        ReservationRefusals.of(
            GcpErrors.classify("CONDITION_NOT_MET", 400, message), KEY.reservation());

    assertThat(e).isInstanceOf(ProviderError.ReservationClosed.class);
    assertThat(e.code()).isEqualTo("CONDITION_NOT_MET");
    assertThat(e.message()).isEqualTo(message);
    assertThat(((ProviderError.ReservationClosed) e).reservation()).isEqualTo("r1");
  }

  @Test
  void otherErrorsOfAReservedLaunchStayWhatTheyAre() {
    ProviderError machine =
        GcpErrors.classify(
            "invalid",
            400,
            "Invalid value for field 'resource.machineType'. Machine type with name 'x' does not"
                + " exist in zone 'us-central1-a'.");
    ProviderError quota = GcpErrors.classify("QUOTA_EXCEEDED", 403, "Quota 'CPUS' exceeded.");

    assertThat(ReservationRefusals.of(machine, "r1"))
        .isInstanceOf(ProviderError.OfferingUnsupported.class);
    assertThat(ReservationRefusals.of(quota, "r1")).isInstanceOf(ProviderError.QuotaExceeded.class);
  }

  @Test
  void aResultWithARefusalIsTypedAndSaysTheReservationsAreOutOfDate() {
    AtomicInteger stale = new AtomicInteger();
    LaunchResult refused =
        LaunchResult.failure(
            KEY,
            List.of("gpu-001"),
            GcpErrors.classify(
                "CONDITION_NOT_MET", 400, "Specified reservation 'r1' does not exist."));

    LaunchResult typed = ReservationRefusals.typed(refused, "r1", stale::incrementAndGet);
    LaunchResult unreserved = ReservationRefusals.typed(refused, "", stale::incrementAndGet);

    assertThat(typed.failures().get(0).error()).isInstanceOf(ProviderError.ReservationClosed.class);
    assertThat(typed.failures().get(0).nodeNames()).containsExactly("gpu-001");
    assertThat(unreserved).isSameAs(refused);
    assertThat(stale).hasValue(1);
  }
}
