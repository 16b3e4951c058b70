package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.PlacementAware;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.Providers;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalNodeProviderFactoryTest {
  @TempDir Path state;

  ProviderContext context(Map<String, Object> settings) {
    Path p = Path.of("/nonexistent");
    return new ProviderContext(
        "demo", settings, state, new BootstrapSettings(p, p, p, p), Clock.systemUTC());
  }

  @Test
  void isFoundByServiceLoaderUnderTheNameLocal() {
    assertThat(Providers.find("local")).isInstanceOf(LocalNodeProviderFactory.class);
  }

  @Test
  void badSettingsFailAtCreationNamingTheSetting() {
    assertThatThrownBy(
            () -> new LocalNodeProviderFactory().create(context(Map.of("subnet", "10.1.0.0/16"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("subnet");
  }

  @Test
  void placementPutsEachInstanceUnderSpineAndItsRack() {
    Map<String, Object> racks = new LinkedHashMap<>();
    racks.put("leaf1", 1);
    racks.put("leaf2", 1);
    try (var provider = new LocalNodeProviderFactory().create(context(Map.of("racks", racks)))) {
      List<Instance> instances =
          List.of(instance("local-00000001", "gpu-001"), instance("local-00000002", "gpu-002"));

      assertThat(((PlacementAware) provider).placement(instances))
          .containsExactlyInAnyOrderEntriesOf(
              Map.of(
                  "local-00000001", List.of("spine", "leaf1"),
                  "local-00000002", List.of("spine", "leaf2")));
    }
  }

  @Test
  void nothingLaunchedMeansNothingListedAndUnknownTerminateIsSuccess() {
    try (var provider = new LocalNodeProviderFactory().create(context(Map.of()))) {
      provider.terminate(List.of("local-12345678", "nonsense"));

      assertThat(provider.list("demo")).isEmpty();
      assertThat(provider.get("local-12345678")).isEmpty();
    }
  }

  static Instance instance(String id, String node) {
    return new Instance(
        id, LaunchPlanTest.KEY, InstanceState.RUNNING, Instant.EPOCH, "", Map.of(Tags.NODE, node));
  }
}
