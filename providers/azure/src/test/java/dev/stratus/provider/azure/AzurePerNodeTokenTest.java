package dev.stratus.provider.azure;

import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeCredential;
import dev.stratus.api.spi.NodeUserData;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Azure creates VMs one by one, so approle user-data gets each node's own single-use wrapping token
 * in its customData and userData; a launch without tokens is refused before any VM is created.
 */
class AzurePerNodeTokenTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String CLOUD_INIT =
      "#cloud-config\nwrite_files:\n  - path: /run/stratus/vault-wrap\n    permissions: '0400'\n"
          + "    content: "
          + NodeUserData.WRAPPING_TOKEN_SLOT
          + "\n";
  final AzureFixture fixture = new AzureFixture();
  final AzureNodeProvider provider;

  AzurePerNodeTokenTest() {
    fixture.model.retryAfterSeconds(0);
    Map<String, Object> settings = new HashMap<>(fixture.settings());
    settings.put("customData", CLOUD_INIT);
    settings.put("userData", "token=" + NodeUserData.WRAPPING_TOKEN_SLOT);
    provider = fixture.provider("az", settings);
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  LaunchRequest request(List<String> nodes, Map<String, NodeCredential> credentials) {
    Offering spot =
        provider.offerings().stream()
            .filter(o -> o.capacityType() == CapacityType.SPOT)
            .findFirst()
            .orElseThrow();
    String token = UUID.randomUUID().toString();
    return new LaunchRequest(
        "az",
        "gpu",
        spot,
        nodes,
        token,
        Map.of(Tags.CLUSTER, "az", Tags.POOL, "gpu", Tags.TOKEN, token),
        true,
        credentials);
  }

  static String decode(String b64) {
    return new String(Base64.getDecoder().decode(b64), StandardCharsets.UTF_8);
  }

  @Test
  void eachVmCarriesItsOwnNodesTokenAndNoOther() throws Exception {
    var credentials =
        Map.of(
            "gpu-001", new NodeCredential("gpu-001", "hvs.wrap-for-001", "acc-1", ""),
            "gpu-002", new NodeCredential("gpu-002", "hvs.wrap-for-002", "acc-2", ""));

    LaunchResult result = provider.launch(request(List.of("gpu-001", "gpu-002"), credentials));

    assertThat(result.complete()).isTrue();
    List<LoggedRequest> puts =
        fixture
            .server
            .wiremock()
            .findAll(putRequestedFor(urlPathMatching(".*/virtualMachines/.*")));
    assertThat(puts).hasSize(2);
    for (LoggedRequest put : puts) {
      JsonNode vm = JSON.readTree(put.getBodyAsString());
      String node = vm.path("tags").path("stratus:node").asText();
      String other = node.equals("gpu-001") ? "gpu-002" : "gpu-001";
      JsonNode p = vm.path("properties");
      String customData = decode(p.path("osProfile").path("customData").asText());
      String userData = decode(p.path("userData").asText());
      assertThat(customData)
          .contains("content: hvs.wrap-for-" + node.substring(4))
          .doesNotContain("hvs.wrap-for-" + other.substring(4))
          .doesNotContain(NodeUserData.WRAPPING_TOKEN_SLOT);
      assertThat(userData).isEqualTo("token=hvs.wrap-for-" + node.substring(4));
    }
  }

  @Test
  void aLaunchWithoutTokensIsRefusedBeforeAnyVmExists() {
    LaunchResult result = provider.launch(request(List.of("gpu-001"), Map.of()));

    assertThat(result.complete()).isFalse();
    assertThat(result.failures().get(0).error().code()).isEqualTo("NoNodeCredential");
    assertThat(result.failures().get(0).error().message())
        .contains("node gpu-001")
        .contains("vault:");
    assertThat(fixture.server.wiremock().findAll(putRequestedFor(urlPathMatching(".*")))).isEmpty();
  }

  @Test
  void onlyUserDataWithTheSlotMakesTheControllerIssueTokens() {
    assertThat(provider.needsNodeCredentials()).isTrue();
    assertThat(fixture.provider("az").needsNodeCredentials()).isFalse();
  }
}
