package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.ProviderCheck;
import dev.stratus.api.spi.Providers;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GcpListPlacementCheckTest extends GcpTestSupport {
  @Test
  void listReadsEveryPageOfTheAggregatedListAcrossZones() {
    server.model.pageSize(1);
    provider.launch(request(spot(), List.of("gpu-001", "gpu-002"), true));
    provider.launch(request(onDemand(), List.of("gpu-003"), true));

    assertThat(provider.list("c1"))
        .extracting(i -> i.nodeName().orElseThrow())
        .containsExactlyInAnyOrder("gpu-001", "gpu-002", "gpu-003");
    assertThat(server.model.aggregatedPages()).isEqualTo(3);
  }

  @Test
  void compactlyPlacedInstancesReportClusterAndRackFromPhysicalHost() {
    List<Instance> launched =
        provider.launch(request(spot(), List.of("gpu-001", "gpu-002"), true)).launched();

    Map<String, List<String>> paths = provider.placement(launched);

    assertThat(paths).hasSize(2);
    assertThat(paths.values()).allSatisfy(p -> assertThat(p).hasSize(2));
    assertThat(paths.values().stream().distinct()).hasSize(1);
  }

  @Test
  void checkReportsEveryZoneAndMachineTypeAsOk() {
    List<ProviderCheck.Result> results = provider.check();

    assertThat(results)
        .extracting(ProviderCheck.Result::what)
        .contains(
            "zone us-central1-a",
            "instances.list us-central1-b",
            "machine type a3-highgpu-8g in us-central1-a",
            "resourcePolicies.list us-central1");
    assertThat(results).allSatisfy(r -> assertThat(r.ok()).as(r.toString()).isTrue());
  }

  @Test
  void checkNamesAMachineTypeTheZoneDoesNotOffer() {
    provider.close();
    var settings = new LinkedHashMap<>(GcpTestProviders.settings(server, true));
    settings.put(
        "offerings",
        List.of(
            Map.of("zone", "us-central1-a", "machineType", "a2-ultragpu-1g", "pricePerHour", "5")));
    provider = GcpTestProviders.create(settings);

    assertThat(provider.check())
        .filteredOn(r -> !r.ok())
        .singleElement()
        .satisfies(r -> assertThat(r.what()).contains("a2-ultragpu-1g"))
        .satisfies(r -> assertThat(r.detail()).contains("notFound"));
  }

  @Test
  void checkSaysWhichPermissionIsMissing() {
    server.model.failNextCall(403, "forbidden", "Required 'compute.zones.get' permission");

    assertThat(provider.check().get(0))
        .satisfies(r -> assertThat(r.ok()).isFalse())
        .satisfies(r -> assertThat(r.detail()).contains("compute.zones.get", "roles/"));
  }

  @Test
  void theFactoryIsFoundByNameOnTheClassPath() {
    assertThat(Providers.discover(getClass().getClassLoader())).containsKey("gcp");
  }
}
