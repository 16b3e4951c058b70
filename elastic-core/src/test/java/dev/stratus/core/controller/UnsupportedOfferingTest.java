package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.core.testing.Fixtures;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * An offering the cloud refuses as unsupported (EC2 {@code Unsupported}, a GCE machine type not in
 * the zone, ARM {@code SkuNotAvailable}) is not a capacity shortage: the launch falls back to the
 * next offering at once, and the refused one is dropped for good instead of being probed again
 * after a TTL.
 */
class UnsupportedOfferingTest extends ControllerFixture {
  static final ProviderError UNSUPPORTED =
      new ProviderError.OfferingUnsupported(
          "Unsupported",
          "Your requested instance type (p5.48xlarge) is not supported in your requested"
              + " Availability Zone (a).");

  @Test
  void anUnsupportedOfferingFallsBackToTheNextAndIsNeverProbedAgain() {
    cloud.failNextLaunch(UNSUPPORTED);
    slurmResumes("r1", 1, "gpu-001");

    pass();

    assertThat(cloud.alive()).extracting(Instance::offering).containsExactly(ON_DEMAND.key());
    assertThat(controller.unavailable().unsupported()).containsExactly(SPOT.key());
    assertThat(controller.unavailable().current()).contains(SPOT.key());

    clock.add(Fixtures.TIMEOUTS.unavailableTtl().multipliedBy(100));
    slurmResumes("r2", 2, "gpu-002");
    pass();

    assertThat(controller.unavailable().probing()).isEmpty();
    assertThat(cloud.calls()).filteredOn(c -> c.contains(SPOT.key().toString())).hasSize(1);
    assertThat(cloud.alive()).extracting(Instance::offering).containsOnly(ON_DEMAND.key());
  }

  @Test
  void aCapacityErrorStillComesBackAsAProbeAfterItsTtl() {
    cloud.failNextLaunch(
        new ProviderError.InsufficientCapacity("InsufficientInstanceCapacity", "none left"));
    slurmResumes("r1", 1, "gpu-001");
    pass();

    clock.add(Fixtures.TIMEOUTS.unavailableTtl().plus(Duration.ofSeconds(1)));

    assertThat(controller.unavailable().unsupported()).isEmpty();
    assertThat(controller.unavailable().probing()).containsExactly(SPOT.key());
  }
}
