package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.spi.LaunchResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the provider sends to Compute Engine, read back from the model's request log. */
class GcpLaunchShapeTest extends GcpTestSupport {
  private JsonNode only(String urlPart) {
    List<JsonNode> hits =
        server.model.requests().stream()
            .filter(r -> r.path("url").asText().contains(urlPart))
            .toList();
    assertThat(hits).hasSize(1);
    return hits.get(0);
  }

  @Test
  void allOrNothingSpotLaunchIsOneBulkInsertWithMinCountEqualToCountAndSpotScheduling() {
    var request = request(spot(), List.of("gpu-001", "gpu-002", "gpu-003"), true);

    LaunchResult result = provider.launch(request);

    assertThat(result.complete()).isTrue();
    JsonNode bulk = only("/instances/bulkInsert");
    assertThat(bulk.path("url").asText()).contains("/zones/us-central1-a/").contains("requestId=");
    JsonNode body = bulk.path("body");
    assertThat(body.path("count").asText()).isEqualTo("3");
    assertThat(body.path("minCount").asText()).isEqualTo("3");
    assertThat(body.path("perInstanceProperties").size()).isEqualTo(3);
    JsonNode props = body.path("instanceProperties");
    assertThat(props.path("machineType").asText()).isEqualTo("a3-highgpu-8g");
    assertThat(props.path("scheduling").path("provisioningModel").asText()).isEqualTo("SPOT");
    assertThat(props.path("scheduling").path("instanceTerminationAction").asText())
        .isEqualTo("DELETE");
    assertThat(props.path("scheduling").path("onHostMaintenance").asText()).isEqualTo("TERMINATE");
    assertThat(props.path("labels").path("stratus-cluster").asText()).isEqualTo("c1");
    assertThat(props.path("labels").path("stratus-token").asText())
        .isEqualTo(request.clientToken());
    assertThat(props.path("labels").path("stratus-job").asText()).isEqualTo("42");
    assertThat(props.path("metadata").path("items").get(0).path("key").asText())
        .isEqualTo("startup-script");
    assertThat(result.launched())
        .allSatisfy(i -> assertThat(i.offering().capacityType()).isEqualTo(CapacityType.SPOT));
  }

  @Test
  void multiNodeLaunchSharesOneCompactPlacementPolicy() {
    provider.launch(request(spot(), List.of("gpu-001", "gpu-002"), true));

    JsonNode policy = only("/resourcePolicies").path("body");
    assertThat(policy.path("groupPlacementPolicy").path("collocation").asText())
        .isEqualTo("COLLOCATED");
    assertThat(policy.path("groupPlacementPolicy").path("vmCount").asInt()).isEqualTo(2);
    JsonNode props = only("/instances/bulkInsert").path("body").path("instanceProperties");
    assertThat(props.path("resourcePolicies").get(0).asText())
        .isEqualTo(policy.path("name").asText());
  }

  @Test
  void failedAllOrNothingLaunchDeletesItsPlacementPolicy() {
    server.model.exhaust("us-central1-a", "a3-highgpu-8g", true);

    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001", "gpu-002"), true));

    assertThat(result.launched()).isEmpty();
    assertThat(server.model.policies()).isEmpty();
  }

  @Test
  void onDemandLaunchThatIsNotAllOrNothingIsOneInsertPerNodeWithItsNodeLabel() {
    LaunchResult result =
        provider.launch(request(onDemand(), List.of("gpu-007", "gpu-008"), false));

    assertThat(result.complete()).isTrue();
    List<JsonNode> inserts =
        server.model.requests().stream()
            .filter(
                r ->
                    r.path("url").asText().endsWith("/instances")
                        || r.path("url").asText().contains("/instances?"))
            .toList();
    assertThat(inserts).hasSize(2);
    for (JsonNode insert : inserts) {
      JsonNode body = insert.path("body");
      assertThat(body.path("machineType").asText())
          .isEqualTo("zones/us-central1-b/machineTypes/a2-highgpu-8g");
      assertThat(body.path("scheduling").path("provisioningModel").asText()).isEqualTo("STANDARD");
      assertThat(body.path("name").asText())
          .startsWith(body.path("labels").path("stratus-node").asText() + "-");
    }
    assertThat(result.launched())
        .allSatisfy(i -> assertThat(i.offering().capacityType()).isEqualTo(CapacityType.ON_DEMAND));
  }

  @Test
  void repeatingALaunchSendsNoSecondCreate() {
    var request = request(spot(), List.of("gpu-001", "gpu-002"), true);

    var first = provider.launch(request);
    var second = provider.launch(request);

    assertThat(second.launched())
        .extracting(i -> i.id())
        .containsExactlyInAnyOrderElementsOf(first.launched().stream().map(i -> i.id()).toList());
    only("/instances/bulkInsert");
  }
}
