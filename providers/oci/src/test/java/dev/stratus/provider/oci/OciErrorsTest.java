package dev.stratus.provider.oci;

import static org.assertj.core.api.Assertions.assertThat;

import com.oracle.bmc.model.BmcException;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.Recovery;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OciErrorsTest {
  @ParameterizedTest(name = "{0} {1} \"{2}\" is {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        "500|InternalError|Out of host capacity.|InsufficientCapacity",
        "500|InternalError|Internal error while launching|Transient",
        "400|LimitExceeded|The following service limits were exceeded: gpu-h100-count|QuotaExceeded",
        "400|QuotaExceeded|Compartment quota exceeded|QuotaExceeded",
        "429|TooManyRequests|Too many requests for the user.|Throttled",
        "409|IncorrectState|The instance is being modified|Transient",
        "503|ServiceUnavailable|Try again|Transient",
        "401|NotAuthenticated|The signature does not verify.|Unauthorized",
        "404|NotAuthorizedOrNotFound|Authorization failed or requested resource not found.|Unauthorized",
        "400|InvalidParameter|Preemptible capacity is not supported for bare metal shape|InvalidRequest",
        "409|Conflict|The retry token was already used with different request parameters.|InvalidRequest"
      })
  void ociCodesMapToTheRecoveryTheirMeaningAsks(
      int status, String code, String message, String kind) {
    ProviderError e = OciErrors.translate(new BmcException(status, code, message, "req-1"));

    assertThat(e.getClass().getSimpleName()).isEqualTo(kind);
    assertThat(e.code()).isEqualTo(code);
    assertThat(e.message()).isEqualTo(message);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"Out of host capacity.", "Out of host capacity for shape BM.GPU.H100.8 in AD-1"})
  void outOfHostCapacityIsTryAnotherOfferingThoughItIsA500(String message) {
    assertThat(OciErrors.of(500, "InternalError", message).recovery())
        .isEqualTo(Recovery.TRY_ANOTHER_OFFERING);
  }

  @Test
  void aTimeoutOnTheClientSideIsTransient() {
    var timeout = new BmcException(true, "read timed out", new SocketTimeoutException(), "r");

    assertThat(OciErrors.translate(timeout)).isInstanceOf(ProviderError.Transient.class);
  }

  @Test
  void credentialsTheSdkCannotUseAreNotRetried() {
    var e = new IllegalArgumentException("Could not find private key: /etc/stratus/oci.pem");

    assertThat(OciErrors.translate(e)).isInstanceOf(ProviderError.Unauthorized.class);
    assertThat(OciErrors.translate(e).recovery()).isEqualTo(Recovery.GIVE_UP);
  }
}
