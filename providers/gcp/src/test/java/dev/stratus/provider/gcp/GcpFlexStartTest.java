package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.testkit.gcp.GceServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * DWS flex-start: a {@code capacityType: flex} offering with its {@code maxRun} launches {@code
 * FLEX_START} VMs that GCE deletes when the run is over, and lists them as flex.
 */
class GcpFlexStartTest {
  final GceServer server = new GceServer();
  GcpNodeProvider provider = GcpTestProviders.create(withFlex(server, "6h"));

  @AfterEach
  void stop() {
    provider.close();
    server.close();
  }

  static Map<String, Object> withFlex(GceServer server, String maxRun) {
    Map<String, Object> s = GcpTestProviders.settings(server, true);
    List<Object> offerings = new ArrayList<>((List<?>) s.get("offerings"));
    Map<String, Object> flex = new HashMap<>();
    flex.put("zone", GceServer.ZONE);
    flex.put("machineType", "a3-highgpu-8g");
    flex.put("capacityType", "flex");
    flex.put("maxRun", maxRun);
    flex.put("pricePerHour", "6.20");
    offerings.add(flex);
    s.put("offerings", offerings);
    return s;
  }

  Offering flex() {
    return provider.offerings().stream()
        .filter(o -> o.capacityType() == CapacityType.FLEX)
        .findFirst()
        .orElseThrow();
  }

  private List<JsonNode> creates() {
    return server.model.requests().stream()
        .filter(r -> r.path("method").asText().equals("POST"))
        .filter(r -> r.path("url").asText().contains("/instances"))
        .toList();
  }

  @Test
  void aFlexOfferingCarriesItsMaximumRun() {
    assertThat(flex().terms()).isEqualTo(new CapacityTerms.Flex(Duration.ofHours(6)));
  }

  @Test
  void aFlexLaunchIsFlexStartWithTheMaximumRunDeletedAtItsEndAndNoReservation() {
    LaunchResult result =
        provider.launch(GcpTestSupport.request(flex(), List.of("gpu-001"), false));

    assertThat(result.failures()).isEmpty();
    JsonNode body = creates().get(0).path("body");
    JsonNode scheduling = body.path("scheduling");
    assertThat(scheduling.path("provisioningModel").asText()).isEqualTo("FLEX_START");
    assertThat(scheduling.path("maxRunDuration").path("seconds").asLong()).isEqualTo(6 * 3600);
    assertThat(scheduling.path("instanceTerminationAction").asText()).isEqualTo("DELETE");
    assertThat(scheduling.path("onHostMaintenance").asText()).isEqualTo("TERMINATE");
    assertThat(body.path("reservationAffinity").path("consumeReservationType").asText())
        .isEqualTo("NO_RESERVATION");
    assertThat(provider.list("c1"))
        .singleElement()
        .satisfies(i -> assertThat(i.offering().capacityType()).isEqualTo(CapacityType.FLEX));
  }

  @Test
  void anAllOrNothingFlexLaunchIsOneBulkInsertOfFlexStartProperties() {
    LaunchResult result =
        provider.launch(GcpTestSupport.request(flex(), List.of("gpu-001", "gpu-002"), true));

    assertThat(result.complete()).isTrue();
    JsonNode props = creates().get(0).path("body").path("instanceProperties");
    assertThat(props.path("scheduling").path("provisioningModel").asText()).isEqualTo("FLEX_START");
    assertThat(props.path("scheduling").path("maxRunDuration").path("seconds").asLong())
        .isEqualTo(6 * 3600);
    assertThat(result.launched())
        .allSatisfy(i -> assertThat(i.offering().capacityType()).isEqualTo(CapacityType.FLEX));
  }

  @Test
  void aMaximumRunGceRefusesIsAnInvalidRequestNamingTheField() {
    Offering tooLong = flex().withTerms(new CapacityTerms.Flex(Duration.ofDays(8)));

    LaunchResult result =
        provider.launch(GcpTestSupport.request(tooLong, List.of("gpu-001"), false));

    assertThat(result.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.error()).isInstanceOf(ProviderError.InvalidRequest.class);
              assertThat(f.error().message()).contains("scheduling.maxRunDuration");
            });
  }

  @Test
  void flexNeedsAMaximumRunWithinFlexStartsLimitsAndNothingElseTakesOne() {
    assertThatThrownBy(() -> GcpTestProviders.create(withFlex(server, "5m")))
        .hasMessageContaining("providers.gcp.offerings[2].maxRun")
        .hasMessageContaining("between 10m and 7d");
    Map<String, Object> none = withFlex(server, "1h");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> offerings = (List<Map<String, Object>>) none.get("offerings");
    offerings.get(2).remove("maxRun");
    assertThatThrownBy(() -> GcpTestProviders.create(none))
        .hasMessageContaining("maxRun must be set for capacityType: flex");
    offerings.get(2).put("maxRun", "1h");
    offerings.get(2).put("capacityType", "spot");
    assertThatThrownBy(() -> GcpTestProviders.create(none))
        .hasMessageContaining("maxRun is only for capacityType: flex");
  }
}
