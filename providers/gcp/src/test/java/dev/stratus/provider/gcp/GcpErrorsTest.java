package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.Recovery;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GcpErrorsTest {
  @ParameterizedTest(name = "{0} with HTTP {1} is {2}")
  @CsvSource({
    "ZONE_RESOURCE_POOL_EXHAUSTED, 503, InsufficientCapacity",
    "ZONE_RESOURCE_POOL_EXHAUSTED_WITH_DETAILS, 503, InsufficientCapacity",
    "REGION_RESOURCE_POOL_EXHAUSTED, 503, InsufficientCapacity",
    "resourcePoolExhausted, 403, InsufficientCapacity",
    "quotaExceeded, 403, QuotaExceeded",
    "QUOTA_EXCEEDED, 403, QuotaExceeded",
    "rateLimitExceeded, 403, Throttled",
    "userRateLimitExceeded, 403, Throttled",
    "HTTP 429, 429, Throttled",
    "backendError, 500, Transient",
    "HTTP 502, 502, Transient",
    "internalError, 0, Transient",
    "forbidden, 403, Unauthorized",
    "insufficientPermissions, 403, Unauthorized",
    "HTTP 401, 401, Unauthorized",
    "invalid, 400, InvalidRequest",
    "notFound, 404, InvalidRequest",
    "RESOURCE_NOT_FOUND, 404, InvalidRequest",
    "UNSUPPORTED_OPERATION, 400, OfferingUnsupported",
    "SOMETHING_NEW, 0, InvalidRequest"
  })
  void codeAndStatusMapToOneErrorKindKeepingTheCloudsCodeAndMessage(
      String code, int status, String kind) {
    ProviderError e = GcpErrors.classify(code, status, "the cloud said so");

    assertThat(e.getClass().getSimpleName()).isEqualTo(kind);
    assertThat(e.code()).isEqualTo(code);
    assertThat(e.message()).isEqualTo("the cloud said so");
  }

  @Test
  void capacityAndQuotaSayTryAnotherOfferingThrottlingSaysRetryLater() {
    assertThat(GcpErrors.classify("ZONE_RESOURCE_POOL_EXHAUSTED", 503, "").recovery())
        .isEqualTo(Recovery.TRY_ANOTHER_OFFERING);
    assertThat(GcpErrors.classify("QUOTA_EXCEEDED", 403, "").recovery())
        .isEqualTo(Recovery.TRY_ANOTHER_OFFERING);
    assertThat(GcpErrors.classify("rateLimitExceeded", 403, "").recovery())
        .isEqualTo(Recovery.RETRY_LATER);
    assertThat(GcpErrors.classify("forbidden", 403, "").recovery()).isEqualTo(Recovery.GIVE_UP);
  }

  @Test
  void aMachineOrAcceleratorTypeTheZoneDoesNotHaveIsAnUnsupportedOfferingNotABadRequest() {
    String noType =
        "Invalid value for field 'resource.machineType': 'zones/us-central1-f/machineTypes/"
            + "a3-highgpu-8g'. Machine type with name 'a3-highgpu-8g' does not exist in zone"
            + " 'us-central1-f'.";
    String noGpu =
        "The resource 'projects/p/zones/us-central1-f/acceleratorTypes/nvidia-tesla-t4' was not"
            + " found";

    assertThat(GcpErrors.classify("invalid", 400, noType))
        .isEqualTo(new ProviderError.OfferingUnsupported("invalid", noType));
    assertThat(GcpErrors.classify("RESOURCE_NOT_FOUND", 404, noGpu).recovery())
        .isEqualTo(Recovery.DROP_OFFERING);
    assertThat(GcpErrors.classify("notFound", 404, noGpu).recovery())
        .isEqualTo(Recovery.DROP_OFFERING);
    assertThat(GcpErrors.classify("invalid", 400, "Invalid value for field 'resource.name'"))
        .isInstanceOf(ProviderError.InvalidRequest.class);
  }

  @Test
  void aThrottledAnswerKeepsItsRetryAfter() {
    ProviderError e =
        GcpErrors.classify("rateLimitExceeded", 429, "slow down", Duration.ofSeconds(30));

    assertThat(e)
        .isEqualTo(
            new ProviderError.Throttled("rateLimitExceeded", "slow down", Duration.ofSeconds(30)));
  }

  @Test
  void aFailedOperationWrappedInAnExecutionExceptionKeepsItsErrorCode() {
    var op =
        new GcpOperationException(
            "operation-1", "ZONE_RESOURCE_POOL_EXHAUSTED", "zone 'us-central1-a' is out", 503);

    ProviderError e = GcpErrors.translate(new ExecutionException(op));

    assertThat(e).isInstanceOf(ProviderError.InsufficientCapacity.class);
    assertThat(e.code()).isEqualTo("ZONE_RESOURCE_POOL_EXHAUSTED");
    assertThat(e.message()).isEqualTo("zone 'us-central1-a' is out");
  }

  @Test
  void aTimeoutIsTransient() {
    assertThat(GcpErrors.translate(new TimeoutException("poll")))
        .isInstanceOf(ProviderError.Transient.class);
  }
}
