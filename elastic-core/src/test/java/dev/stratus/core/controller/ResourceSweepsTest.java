package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.model.Instance;
import dev.stratus.core.spi.ProviderError;
import dev.stratus.core.spi.ProviderException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each pass ends with the providers' garbage collection of their own leftovers. */
class ResourceSweepsTest extends ControllerFixture {
  @Test
  void aPassSweepsAfterItsActionsWithTheInstancesItListedAtItsStart() {
    slurmResumes("r1", 1, "gpu-001");

    controller.runPass();

    List<String> first = cloud.calls();
    assertThat(first.get(0)).isEqualTo("list test");
    assertThat(first.get(first.size() - 1)).isEqualTo("sweep test []");
    assertThat(first.indexOf("launch [gpu-001] " + SPOT.key())).isBetween(1, first.size() - 2);

    controller.runPass();

    Instance launched = cloud.alive().get(0);
    assertThat(cloud.calls()).endsWith("sweep test [" + launched.id() + "]");
  }

  @Test
  void aFailingSweepIsLoggedAndThePassStillCompletes() {
    cloud.failNextSweep(
        new ProviderException(new ProviderError.Transient("Unavailable", "try later")));
    slurmResumes("r1", 1, "gpu-001");

    controller.runPass();

    assertThat(cloud.alive()).hasSize(1);
    controller.runPass();
    assertThat(cloud.calls()).filteredOn(c -> c.startsWith("sweep ")).hasSize(2);
  }

  @Test
  void aProviderWhoseListFailedIsNotSweptThatPass() {
    cloud.failNextList(new ProviderError.Transient("Unavailable", "try later"));

    controller.runPass();

    assertThat(cloud.calls()).noneMatch(c -> c.startsWith("sweep "));
  }
}
