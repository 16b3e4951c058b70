package dev.stratus.provider.azure;

import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Azure-specific behaviour of the provider against the ARM model: request shapes and errors. */
class AzureProviderTest {
  static final ObjectMapper JSON = new ObjectMapper();
  final AzureFixture fixture = new AzureFixture();
  final AzureNodeProvider provider;

  AzureProviderTest() {
    fixture.model.retryAfterSeconds(0);
    provider = fixture.provider("az");
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  Offering spot() {
    return offering(CapacityType.SPOT);
  }

  Offering offering(CapacityType type) {
    return provider.offerings().stream()
        .filter(o -> o.capacityType() == type)
        .findFirst()
        .orElseThrow();
  }

  LaunchRequest request(Offering offering, List<String> nodes, boolean allOrNothing) {
    return AzureFixture.request(offering, nodes, allOrNothing);
  }

  List<JsonNode> vmPuts() throws Exception {
    var puts =
        fixture
            .server
            .wiremock()
            .findAll(putRequestedFor(urlPathMatching(".*/virtualMachines/.*")));
    var bodies = new ArrayList<JsonNode>();
    for (LoggedRequest r : puts) {
      bodies.add(JSON.readTree(r.getBodyAsString()));
    }
    return bodies;
  }

  @Test
  void aSpotVmIsOnePutWithPriorityEvictionMaxPriceInlineNicTagsAndScripts() throws Exception {
    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001"), true));

    assertThat(result.complete()).isTrue();
    JsonNode vm = vmPuts().get(0);
    JsonNode p = vm.get("properties");
    assertThat(p.path("priority").asText()).isEqualTo("Spot");
    assertThat(p.path("evictionPolicy").asText()).isEqualTo("Delete");
    assertThat(p.path("billingProfile").path("maxPrice").asDouble()).isEqualTo(-1.0);
    assertThat(vm.path("zones").get(0).asText()).isEqualTo("1");
    assertThat(p.path("networkProfile").path("networkApiVersion").asText()).isEqualTo("2020-11-01");
    assertThat(vm.path("tags").path("stratus:node").asText()).isEqualTo("gpu-001");
    assertThat(vm.path("tags").path("stratus:cluster").asText()).isEqualTo("az");
    assertThat(decode(p.path("osProfile").path("customData").asText())).startsWith("#cloud-config");
    assertThat(decode(p.path("userData").asText())).isEqualTo("#!/bin/sh\necho join\n");
    assertThat(
            fixture
                .server
                .wiremock()
                .findAll(putRequestedFor(urlPathMatching(".*")))
                .get(0)
                .getHeader("Authorization"))
        .isEqualTo("Bearer fake-token");
  }

  @Test
  void aMultiNodeLaunchSharesOnePlacementGroupThatGoesAwayWithItsVms() {
    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001", "gpu-002"), true));

    assertThat(result.complete()).isTrue();
    assertThat(fixture.model.placementGroups())
        .singleElement()
        .satisfies(g -> assertThat(g.at("/properties/virtualMachines")).hasSize(2));
    String group = fixture.model.placementGroups().get(0).get("name").asText();
    Map<String, List<String>> paths = provider.placement(result.launched());
    assertThat(paths.values())
        .hasSize(2)
        .allSatisfy(path -> assertThat(path.subList(0, 2)).containsExactly("eastus-1", group));

    provider.terminate(result.launched().stream().map(Instance::id).toList());

    assertThat(fixture.model.vms()).isEmpty();
    assertThat(fixture.model.placementGroups()).isEmpty();
  }

  @Test
  void aVmOfAScaleSetIsPlacedUnderItsScaleSetAndTheSetsFaultDomain() {
    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001", "gpu-002"), true));
    String group = fixture.model.placementGroups().get(0).get("name").asText();
    assertThat(fixture.model.joinScaleSet(result.launched().get(0).id(), "burst-vmss")).isTrue();

    Map<String, List<String>> paths = provider.placement(result.launched());

    String inSet = result.launched().get(0).id();
    String alone = result.launched().get(1).id();
    assertThat(paths.get(inSet))
        .containsExactly("eastus-1", group, "burst-vmss", "burst-vmss-fd" + faultDomain(inSet));
    assertThat(paths.get(alone))
        .containsExactly("eastus-1", group, group + "-fd" + faultDomain(alone));
  }

  @Test
  void aVmOfAScaleSetWithoutPlacementGroupHasTheScaleSetRightUnderItsZone() {
    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001"), true));
    String id = result.launched().get(0).id();
    fixture.model.joinScaleSet(id, "burst-vmss");

    assertThat(provider.placement(result.launched()).get(id))
        .containsExactly("eastus-1", "burst-vmss", "burst-vmss-fd" + faultDomain(id));
  }

  @Test
  void aVmInNoGroupIsPlacedByItsZoneOnly() {
    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001"), true));

    assertThat(provider.placement(result.launched()).get(result.launched().get(0).id()))
        .containsExactly("eastus-1");
  }

  int faultDomain(String vmName) {
    return fixture.model.vms().stream()
        .filter(v -> v.get("name").asText().equalsIgnoreCase(vmName))
        .findFirst()
        .orElseThrow()
        .at("/properties/platformFaultDomain")
        .asInt();
  }

  @Test
  void aFailedAllOrNothingLaunchLeavesNeitherVmsNorPlacementGroup() {
    fixture.model.faults().failNode("gpu-002");

    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001", "gpu-002"), true));

    assertThat(result.launched()).isEmpty();
    assertThat(result.failures().get(0).error().code()).isEqualTo("ZonalAllocationFailed");
    assertThat(fixture.model.vms()).isEmpty();
    assertThat(fixture.model.placementGroups()).isEmpty();
  }

  @Test
  void anAllocationFailureReportedByTheOperationKeepsItsCodeAndTheFailedVmIsDeleted() {
    fixture.model.failNextOperation(
        "OverconstrainedZonalAllocationRequest",
        "Allocation failed. VM(s) with the following constraints cannot be allocated");

    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001"), false));

    assertThat(result.failures())
        .singleElement()
        .satisfies(
            f -> assertThat(f.error()).isInstanceOf(ProviderError.InsufficientCapacity.class))
        .satisfies(
            f -> assertThat(f.error().code()).isEqualTo("OverconstrainedZonalAllocationRequest"));
    assertThat(fixture.model.vms()).isEmpty();
  }

  @Test
  void aSizeTheLocationDoesNotOfferIsSkuNotAvailableAndDropsTheOffering() {
    var settings = fixture.settings();
    settings.put("offerings", List.of(Map.of("instanceType", "Standard_ND96amsr_A100_v4")));
    AzureNodeProvider other = fixture.provider("az", settings);

    LaunchResult result = other.launch(request(other.offerings().get(0), List.of("gpu-001"), true));

    assertThat(result.failures().get(0).error())
        .isInstanceOf(ProviderError.OfferingUnsupported.class)
        .extracting(ProviderError::code)
        .isEqualTo("SkuNotAvailable");
  }

  @Test
  void aQuotaRefusalIsQuotaData() {
    fixture
        .model
        .faults()
        .failNextPut(
            409,
            "OperationNotAllowed",
            "Operation could not be completed as it results in exceeding approved Total Regional Cores quota.");

    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001"), true));

    assertThat(result.failures().get(0).error()).isInstanceOf(ProviderError.QuotaExceeded.class);
    assertThat(fixture.model.vms()).isEmpty();
  }

  @Test
  void listFollowsNextLinkToTheLastPage() {
    fixture.model.pageSize(1);
    provider.launch(request(offering(CapacityType.ON_DEMAND), List.of("a-1", "a-2", "a-3"), true));

    assertThat(provider.list("az"))
        .extracting(i -> i.nodeName().orElseThrow())
        .containsExactlyInAnyOrder("a-1", "a-2", "a-3");
    assertThat(
            fixture
                .server
                .wiremock()
                .findAll(getRequestedFor(urlPathMatching(".*/virtualMachines"))))
        .anySatisfy(r -> assertThat(r.getUrl()).contains("skiptoken=2"));
  }

  @Test
  void aServerErrorIsRetriedInsideTheProvider() {
    provider.launch(request(spot(), List.of("gpu-001"), true));
    fixture.model.faults().failNextCall(500, "InternalServerError", "try again");

    assertThat(provider.list("az")).hasSize(1);
  }

  @Test
  void anIdentityWithoutRightsGetsUnauthorizedAndTheCheckNamesThePermission() {
    fixture.model.faults().deny(true);

    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001"), true));
    var report = provider.check();

    assertThat(result.failures().get(0).error()).isInstanceOf(ProviderError.Unauthorized.class);
    assertThat(report).allSatisfy(r -> assertThat(r.ok()).isFalse());
    assertThat(report)
        .anySatisfy(
            r ->
                assertThat(r.detail())
                    .contains("AuthorizationFailed")
                    .contains("Microsoft.Compute/virtualMachines/read"));
  }

  @Test
  void theCheckIsReadOnlyAndPassesWithRights() {
    var report = provider.check();

    assertThat(report)
        .extracting(r -> r.what())
        .containsExactly("resource group", "list virtual machines", "subnet", "vm sizes in eastus");
    assertThat(report).allSatisfy(r -> assertThat(r.ok()).as(r.toString()).isTrue());
    assertThat(fixture.server.wiremock().getAllServeEvents())
        .allSatisfy(e -> assertThat(e.getRequest().getMethod().getName()).isEqualTo("GET"));
  }

  @Test
  void theCheckNamesAnOfferedSizeTheLocationLacks() {
    var settings = fixture.settings();
    settings.put("offerings", List.of(Map.of("instanceType", "Standard_ND96amsr_A100_v4")));

    var report = fixture.provider("az", settings).check();

    assertThat(report)
        .filteredOn(r -> r.what().startsWith("vm sizes"))
        .singleElement()
        .satisfies(r -> assertThat(r.ok()).isFalse())
        .satisfies(r -> assertThat(r.detail()).contains("Standard_ND96amsr_A100_v4"));
  }

  private static String decode(String b64) {
    return new String(Base64.getDecoder().decode(b64), StandardCharsets.UTF_8);
  }
}
