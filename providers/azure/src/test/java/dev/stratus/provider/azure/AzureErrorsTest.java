package dev.stratus.provider.azure;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.exception.ClientAuthenticationException;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.management.exception.ManagementError;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.Recovery;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AzureErrorsTest {
  @ParameterizedTest(name = "{1} with HTTP {0} is {2}")
  @CsvSource({
    "409, SkuNotAvailable, OfferingUnsupported",
    "200, AllocationFailed, InsufficientCapacity",
    "200, ZonalAllocationFailed, InsufficientCapacity",
    "409, OverconstrainedAllocationRequest, InsufficientCapacity",
    "409, OverconstrainedZonalAllocationRequest, InsufficientCapacity",
    "409, QuotaExceeded, QuotaExceeded",
    "429, TooManyRequests, Throttled",
    "429, SubscriptionRequestsThrottled, Throttled",
    "429, SomethingNew, Throttled",
    "500, InternalServerError, Transient",
    "200, InternalExecutionError, Transient",
    "503, SomethingNew, Transient",
    "403, AuthorizationFailed, Unauthorized",
    "401, InvalidAuthenticationToken, Unauthorized",
    "403, SomethingNew, Unauthorized",
    "400, InvalidParameter, InvalidRequest",
    "404, NotFound, InvalidRequest",
    "409, OperationNotAllowed, InvalidRequest",
  })
  void armCodeAndStatusMapToOurErrorKeepingTheCode(int status, String code, String kind) {
    ProviderError e = AzureErrors.fromCode(new ManagementError(code, "the message"), status);

    assertThat(e.getClass().getSimpleName()).isEqualTo(kind);
    assertThat(e.code()).isEqualTo(code);
    assertThat(e.message()).isEqualTo("the message");
  }

  @Test
  void operationNotAllowedAboutQuotaIsQuotaExceeded() {
    ProviderError e =
        AzureErrors.fromCode(
            new ManagementError(
                "OperationNotAllowed",
                "Operation could not be completed as it results in exceeding approved"
                    + " standardNDSH100v5Family Cores quota."),
            409);

    assertThat(e).isInstanceOf(ProviderError.QuotaExceeded.class);
    assertThat(e.recovery()).isEqualTo(Recovery.TRY_ANOTHER_OFFERING);
  }

  @Test
  void failedOperationBodyGivesTheCodeOfItsError() {
    ProviderError e =
        AzureErrors.fromOperation(
            200,
            "{\"status\":\"Failed\",\"error\":{\"code\":\"AllocationFailed\","
                + "\"message\":\"no capacity\"}}");

    assertThat(e)
        .isEqualTo(new ProviderError.InsufficientCapacity("AllocationFailed", "no capacity"));
  }

  @Test
  void aKnownCodeInTheDetailsWinsOverAGenericTopLevelCode() {
    ProviderError e =
        AzureErrors.fromOperation(
            200,
            "{\"status\":\"Failed\",\"error\":{\"code\":\"DeploymentFailed\",\"message\":\"x\","
                + "\"details\":[{\"code\":\"ZonalAllocationFailed\",\"message\":\"zone 1 full\"}]}}");

    assertThat(e)
        .isEqualTo(new ProviderError.InsufficientCapacity("ZonalAllocationFailed", "zone 1 full"));
  }

  @Test
  void aThrottledPollKeepsArmsRetryAfter() {
    ProviderError e =
        AzureErrors.fromOperation(
            429,
            "{\"error\":{\"code\":\"TooManyRequests\",\"message\":\"slow down\"}}",
            new HttpHeaders().set(HttpHeaderName.RETRY_AFTER, "45"));

    assertThat(e)
        .isEqualTo(
            new ProviderError.Throttled("TooManyRequests", "slow down", Duration.ofSeconds(45)));
  }

  @Test
  void skuNotAvailableIsNoSpotCapacityForASpotOfferingButDropsARegularOne() {
    ProviderError sku =
        AzureErrors.fromCode(new ManagementError("SkuNotAvailable", "not in zone 1"), 409);
    OfferingKey spot =
        new OfferingKey("azure", "eastus", "1", "Standard_ND96isr_H100_v5", CapacityType.SPOT);
    OfferingKey regular =
        new OfferingKey("azure", "eastus", "1", "Standard_ND96isr_H100_v5", CapacityType.ON_DEMAND);

    assertThat(AzureLauncher.forOffering(sku, spot))
        .isEqualTo(new ProviderError.InsufficientCapacity("SkuNotAvailable", "not in zone 1"));
    assertThat(AzureLauncher.forOffering(sku, regular).recovery())
        .isEqualTo(Recovery.DROP_OFFERING);
  }

  @Test
  void aBodyThatIsNotJsonIsKeptAsTheMessage() {
    ProviderError e = AzureErrors.fromOperation(502, "Bad Gateway");

    assertThat(e).isInstanceOf(ProviderError.Transient.class);
    assertThat(e.message()).isEqualTo("Bad Gateway");
  }

  @Test
  void aCredentialThatCannotGetATokenIsUnauthorized() {
    ProviderError e =
        AzureErrors.translate(new ClientAuthenticationException("no managed identity", null));

    assertThat(e).isInstanceOf(ProviderError.Unauthorized.class);
    assertThat(e.recovery()).isEqualTo(Recovery.GIVE_UP);
  }

  @Test
  void aNetworkFailureIsTransient() {
    ProviderError e =
        AzureErrors.translate(
            new RuntimeException(new UncheckedIOException(new IOException("connection reset"))));

    assertThat(e).isInstanceOf(ProviderError.Transient.class);
    assertThat(e.recovery()).isEqualTo(Recovery.RETRY_LATER);
  }

  @Test
  void aBugIsNeverRetried() {
    ProviderError e = AzureErrors.translate(new IllegalStateException("bug"));

    assertThat(e.recovery()).isEqualTo(Recovery.GIVE_UP);
  }
}
