package dev.stratus.provider.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AzureSettingsTest {
  static Map<String, Object> valid() {
    Map<String, Object> s = new HashMap<>();
    s.put("subscriptionId", "sub-1");
    s.put("resourceGroup", "rg-gpu");
    s.put("location", "eastus");
    s.put(
        "subnetId",
        "/subscriptions/sub-1/resourceGroups/net/providers/Microsoft.Network"
            + "/virtualNetworks/v/subnets/nodes");
    s.put("image", "microsoft-dsvm:ubuntu-hpc:2204:latest");
    s.put("sshPublicKey", "ssh-ed25519 AAAA test");
    return s;
  }

  @Test
  void aMinimalBlockGetsTheDocumentedDefaults() {
    AzureSettings s = AzureSettings.parse(valid());

    assertThat(s.adminUsername()).isEqualTo("stratus");
    assertThat(s.spotMaxPrice()).isEqualTo(-1);
    assertThat(s.endpoint()).isEqualTo(AzureSettings.PUBLIC_CLOUD);
    assertThat(s.servicePrincipal()).isEmpty();
    assertThat(s.acceleratedNetworking()).isTrue();
  }

  @Test
  void theRetryAfterCapAndThePowerStateBudgetAreReadAndBounded() {
    Map<String, Object> raw = valid();
    assertThat(AzureSettings.parse(raw).maxRetryAfter()).isEmpty();
    assertThat(AzureSettings.parse(raw).powerStateChecksPerList()).isEqualTo(10);
    raw.put("maxRetryAfterSeconds", 120);
    raw.put("powerStateChecksPerList", 0);
    assertThat(AzureSettings.parse(raw).maxRetryAfter()).hasValue(Duration.ofMinutes(2));
    assertThat(AzureSettings.parse(raw).powerStateChecksPerList()).isZero();

    raw.put("maxRetryAfterSeconds", 0);

    assertThatThrownBy(() -> AzureSettings.parse(raw))
        .hasMessageContaining("providers.azure.maxRetryAfterSeconds");
  }

  @Test
  void aMissingRequiredKeyIsNamed() {
    Map<String, Object> raw = valid();
    raw.remove("subnetId");

    assertThatThrownBy(() -> AzureSettings.parse(raw))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("providers.azure.subnetId is required");
  }

  @Test
  void anUnknownKeyIsRefusedSoATypoIsNotIgnored() {
    Map<String, Object> raw = valid();
    raw.put("resourcegroup", "x");

    assertThatThrownBy(() -> AzureSettings.parse(raw)).hasMessageContaining("'resourcegroup'");
  }

  @Test
  void aSubnetThatIsNotASubnetIdIsRefused() {
    Map<String, Object> raw = valid();
    raw.put("subnetId", "nodes");

    assertThatThrownBy(() -> AzureSettings.parse(raw)).hasMessageContaining("subnetId 'nodes'");
  }

  @Test
  void aPlainHttpEndpointIsRefusedBecauseTheTokenWouldTravelInClear() {
    Map<String, Object> raw = valid();
    raw.put("endpoint", "http://127.0.0.1:8080");

    assertThatThrownBy(() -> AzureSettings.parse(raw)).hasMessageContaining("must be https");
  }

  @Test
  void aServicePrincipalNeedsAllThreeKeys() {
    Map<String, Object> raw = valid();
    raw.put("clientId", "app");

    assertThatThrownBy(() -> AzureSettings.parse(raw))
        .hasMessageContaining("tenantId, clientId and clientSecretFile go together");
  }

  @Test
  void theServicePrincipalNeverPrintsItsSecretFile() {
    Map<String, Object> raw = valid();
    raw.put("tenantId", "t");
    raw.put("clientId", "c");
    raw.put("clientSecretFile", "/etc/stratus/azure-secret");

    assertThat(AzureSettings.parse(raw).servicePrincipal().orElseThrow().toString())
        .doesNotContain("azure-secret");
  }

  @Test
  void userDataIsPassedOnBase64Encoded() {
    Map<String, Object> raw = valid();
    raw.put("userData", "#!/bin/sh\necho hi\n");

    String encoded = AzureSettings.parse(raw).userDataBase64().orElseThrow();

    assertThat(new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8))
        .isEqualTo("#!/bin/sh\necho hi\n");
  }

  @Test
  void aCatalogSizeTakesItsShapeFromTheCatalogAndItsPriceFromTheTable() {
    var offerings =
        AzureOfferings.parse(
            Map.of(
                "offerings", List.of(Map.of("instanceType", "Standard_ND96asr_v4", "zone", "2"))),
            "eastus",
            PriceTable.bundled());

    var o = offerings.get(0);
    assertThat(o.gpuModel()).isEqualTo("a100");
    assertThat(o.gpusPerNode()).isEqualTo(8);
    assertThat(o.cpus()).isEqualTo(96);
    assertThat(o.key().zone()).isEqualTo("2");
    assertThat(o.capacityType()).isEqualTo(CapacityType.ON_DEMAND);
    assertThat(o.pricePerHour()).isEqualByComparingTo(new BigDecimal("27.197"));
  }

  @Test
  void aSpotOfferingWithoutAPublishedSpotPriceNeedsPricePerHour() {
    assertThatThrownBy(
            () ->
                AzureOfferings.parse(
                    Map.of(
                        "offerings",
                        List.of(
                            Map.of(
                                "instanceType",
                                "Standard_ND96isr_H100_v5",
                                "capacityType",
                                "spot"))),
                    "eastus",
                    PriceTable.bundled()))
        .hasMessageStartingWith("providers.azure.offerings[0]")
        .hasMessageContaining("pricePerHour is required");
  }

  @Test
  void aSizeOutsideTheCatalogMustDescribeItself() {
    assertThatThrownBy(
            () ->
                AzureOfferings.parse(
                    Map.of(
                        "offerings",
                        List.of(
                            Map.of("instanceType", "Standard_NV36ads_A10_v5", "pricePerHour", 3))),
                    "eastus",
                    PriceTable.bundled()))
        .hasMessageContaining("gpuModel is required");
  }
}
