package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each pass starts the providers' garbage collection of their own leftovers, and goes on. */
class ResourceSweepsTest extends ControllerFixture {
  @Test
  void aPassSweepsWithTheInstancesItListedAtItsStartAlongsideItsLaunches() {
    slurmResumes("r1", 1, "gpu-001");

    onePass();

    List<String> first = cloud.calls();
    assertThat(first.get(0)).isEqualTo("list test");
    assertThat(first).contains("sweep test []", "launch [gpu-001] " + SPOT.key());

    pass();

    Instance launched = cloud.alive().get(0);
    assertThat(cloud.calls()).endsWith("sweep test [" + launched.id() + "]");
  }

  @Test
  void aFailingSweepIsLoggedAndThePassStillCompletes() {
    cloud.failNextSweep(
        new ProviderException(new ProviderError.Transient("Unavailable", "try later")));
    slurmResumes("r1", 1, "gpu-001");

    onePass();

    assertThat(cloud.alive()).hasSize(1);
    onePass();
    assertThat(cloud.calls()).filteredOn(c -> c.startsWith("sweep ")).hasSize(2);
  }

  @Test
  void aProviderWhoseListFailedIsNotSweptThatPass() {
    cloud.failNextList(new ProviderError.Transient("Unavailable", "try later"));

    pass();

    assertThat(cloud.calls()).noneMatch(c -> c.startsWith("sweep "));
  }
}
