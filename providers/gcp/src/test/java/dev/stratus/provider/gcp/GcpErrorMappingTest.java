package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

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
  void gpuZoneExhaustionInAnOperationIsInsufficientCapacityWithTheDetailedCode() {
    server.model.exhaust("us-central1-a", "a3-highgpu-8g", true);

    assertThat(launchError())
        .isInstanceOf(ProviderError.InsufficientCapacity.class)
        .satisfies(e -> assertThat(e.code()).isEqualTo("ZONE_RESOURCE_POOL_EXHAUSTED_WITH_DETAILS"))
        .satisfies(
            e ->
                assertThat(e.message())
                    .contains("A a3-highgpu-8g VM instance is currently unavailable"));
  }

  @Test
  void plainZoneExhaustionInAnOperationIsInsufficientCapacity() {
    server.model.failNextOperation(
        "ZONE_RESOURCE_POOL_EXHAUSTED",
        "The zone 'projects/p/zones/us-central1-a' does not have enough resources available",
        503);

    assertThat(launchError())
        .isInstanceOf(ProviderError.InsufficientCapacity.class)
        .satisfies(e -> assertThat(e.message()).contains("does not have enough resources"));
  }

  @Test
  void aRegionalQuotaTheLaunchWouldExceedIsQuotaExceededFromTheOperation() {
    server.model.quota("PREEMPTIBLE_NVIDIA_H100_GPUS", 8);

    assertThat(launchError())
        .isInstanceOf(ProviderError.QuotaExceeded.class)
        .satisfies(e -> assertThat(e.code()).isEqualTo("QUOTA_EXCEEDED"))
        .satisfies(
            e ->
                assertThat(e.message())
                    .isEqualTo(
                        "Quota 'PREEMPTIBLE_NVIDIA_H100_GPUS' exceeded.  Limit: 8.0 in region"
                            + " us-central1."));
    assertThat(provider.launch(request(spot(), List.of("gpu-003"), true)).complete()).isTrue();
  }

  @Test
  void aMachineTypeTheZoneDoesNotHaveDropsTheOffering() {
    server.model.withdraw("us-central1-a", "a3-highgpu-8g");

    assertThat(launchError())
        .isInstanceOf(ProviderError.OfferingUnsupported.class)
        .satisfies(e -> assertThat(e.code()).isEqualTo("invalid"))
        .satisfies(
            e ->
                assertThat(e.message())
                    .contains(
                        "Machine type with name 'a3-highgpu-8g' does not exist in zone"
                            + " 'us-central1-a'"));
  }

  @Test
  void anUnsupportedOperationDropsTheOffering() {
    server.model.failNextOperation(
        "UNSUPPORTED_OPERATION",
        "The provisioning model SPOT is not supported for machine type a3-highgpu-8g",
        400);

    assertThat(launchError()).isInstanceOf(ProviderError.OfferingUnsupported.class);
  }

  @Test
  void a429WithRetryAfterIsWaitedForBeforeTheRetry() {
    server.model.throttleNext(1, 1);
    long before = System.nanoTime();

    LaunchResult result = provider.launch(request(spot(), List.of("gpu-001"), false));

    assertThat(result.complete()).isTrue();
    assertThat(Duration.ofNanos(System.nanoTime() - before))
        .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void a429AskingForMoreThanTheCapEndsTheCallAndTheListingWaitsUntilTheServersTime() {
    MutableClock clock = MutableClock.of(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);
    GcpNodeProvider held = GcpTestProviders.create(GcpTestProviders.settings(server, true), clock);
    server.model.throttleNext(1, 45);
    try {
      assertThatThrownBy(() -> held.list("c1"))
          .isInstanceOfSatisfying(
              ProviderException.class,
              e ->
                  assertThat(e.error())
                      .isEqualTo(
                          new ProviderError.Throttled(
                              "rateLimitExceeded",
                              "Quota exceeded for quota metric 'Queries' and limit 'Queries per"
                                  + " minute' of service 'compute.googleapis.com'.",
                              Duration.ofSeconds(45))));
      clock.add(Duration.ofSeconds(44));
      assertThatThrownBy(() -> held.list("c1")).isInstanceOf(ProviderException.class);
      assertThat(server.model.aggregatedPages()).as("served pages: the 429 is none").isZero();

      clock.add(Duration.ofSeconds(1));

      assertThat(held.list("c1")).isEmpty();
      assertThat(server.model.aggregatedPages()).isEqualTo(1);
    } finally {
      held.close();
    }
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
