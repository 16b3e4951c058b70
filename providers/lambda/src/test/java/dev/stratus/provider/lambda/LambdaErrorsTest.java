package dev.stratus.provider.lambda;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.spi.ProviderError;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LambdaErrorsTest {
  @ParameterizedTest(name = "{0} {1} is {2}")
  @CsvSource({
    "400, instance-operations/launch/insufficient-capacity, InsufficientCapacity",
    "400, global/quota-exceeded, QuotaExceeded",
    "429, global/unknown, Throttled",
    "401, global/invalid-api-key, Unauthorized",
    "403, global/account-inactive, Unauthorized",
    "400, global/invalid-address, Unauthorized",
    "400, global/invalid-parameters, InvalidRequest",
    "404, global/object-does-not-exist, InvalidRequest",
    "400, instance-operations/launch/file-system-in-wrong-region, InvalidRequest",
    "503, provider/internal-unavailable, Transient",
    "500, global/unknown, Transient",
    "0, ConnectionError, Transient"
  })
  void lambdaCodesMapToTheRecoveryTheirMeaningAsks(int status, String code, String kind) {
    ProviderError e = LambdaErrors.translate(new LambdaApiException(status, code, "said"));

    assertThat(e.getClass().getSimpleName()).isEqualTo(kind);
    assertThat(e.code()).isEqualTo(code);
    assertThat(e.message()).isEqualTo("said");
  }
}
