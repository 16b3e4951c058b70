package dev.stratus.tests.cloud.gcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.spi.LaunchResult;
import dev.stratus.core.spi.ProviderError;
import dev.stratus.core.spi.ProviderException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Cloud errors through the real SDK to our sealed errors: operation errors (how capacity and quota
 * arrive) and HTTP errors (how throttling, permissions and bad requests arrive).
 */
class GcpErrorMappingTest extends GcpTestSupport {
  private ProviderError launchError() {
    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001", "gpu-002"), true));
    assertThat(result.launched()).isEmpty();
    return result.failures().get(0).error();
  }

  @Test
  void zoneExhaustionInAnOperationIsInsufficientCapacityWithTheCloudsCode() {
    server.model.exhaust("us-central1-a", "a3-highgpu-8g", true);

    assertThat(launchError())
        .isInstanceOf(ProviderError.InsufficientCapacity.class)
        .satisfies(e -> assertThat(e.code()).isEqualTo("ZONE_RESOURCE_POOL_EXHAUSTED"))
        .satisfies(e -> assertThat(e.message()).contains("does not have enough resources"));
  }

  @Test
  void exhaustionWithDetailsInAnOperationIsInsufficientCapacity() {
    server.model.failNextOperation(
        "ZONE_RESOURCE_POOL_EXHAUSTED_WITH_DETAILS",
        "no a3-highgpu-8g (resource type:compute)",
        503);

    assertThat(launchError()).isInstanceOf(ProviderError.InsufficientCapacity.class);
  }

  @Test
  void quotaInAnOperationIsQuotaExceeded() {
    server.model.failNextOperation("QUOTA_EXCEEDED", "Quota 'NVIDIA_H100_GPUS' exceeded.", 403);

    assertThat(launchError())
        .isInstanceOf(ProviderError.QuotaExceeded.class)
        .satisfies(e -> assertThat(e.message()).contains("NVIDIA_H100_GPUS"));
  }

  @Test
  void httpQuotaExceededIsQuotaExceededNotUnauthorizedThoughItIs403() {
    server.model.failNextCall(403, "quotaExceeded", "Quota exceeded for quota metric");

    assertThat(launchError()).isInstanceOf(ProviderError.QuotaExceeded.class);
  }

  @Test
  void forbiddenIsUnauthorizedAndNotRetried() {
    server.model.failNextCall(403, "forbidden", "Required 'compute.instances.list' permission");

    assertThat(launchError())
        .isInstanceOf(ProviderError.Unauthorized.class)
        .satisfies(e -> assertThat(e.message()).contains("compute.instances.list"));
  }

  @Test
  void badRequestIsInvalidRequest() {
    server.model.failNextCall(400, "invalid", "Invalid value for field 'resource.machineType'");

    assertThat(launchError()).isInstanceOf(ProviderError.InvalidRequest.class);
  }

  @Test
  void backendErrorIsRetriedUntilItSucceeds() {
    server.model.failNextCall(503, "backendError", "Backend Error");

    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001"), true));

    assertThat(result.complete()).isTrue();
  }

  @Test
  void listThatStaysThrottledFailsWithThrottledAfterTheRetries() {
    server.model.throttleNext(50);

    assertThatThrownBy(() -> provider.list("c1"))
        .isInstanceOfSatisfying(
            ProviderException.class,
            e -> assertThat(e.error()).isInstanceOf(ProviderError.Throttled.class));
  }

  @Test
  void aNodeNameThatCannotNameAnInstanceIsInvalidRequestBeforeAnyCall() {
    LaunchResult result = provider.launch(request(spot(), List.of("gpu_001"), true));

    assertThat(result.failures().get(0).error()).isInstanceOf(ProviderError.InvalidRequest.class);
    assertThat(server.model.requests()).isEmpty();
  }
}
