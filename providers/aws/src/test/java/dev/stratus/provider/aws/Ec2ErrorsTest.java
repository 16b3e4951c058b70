package dev.stratus.provider.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.Recovery;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.ec2.model.Ec2Exception;

class Ec2ErrorsTest {
  @ParameterizedTest(name = "{0} (HTTP {1}) -> {2}")
  @CsvSource({
    "InsufficientInstanceCapacity, 500, InsufficientCapacity",
    "InsufficientHostCapacity, 500, InsufficientCapacity",
    "InsufficientReservedInstanceCapacity, 500, InsufficientCapacity",
    "MaxSpotInstanceCountExceeded, 400, InsufficientCapacity",
    "SpotMaxPriceTooLow, 400, InsufficientCapacity",
    "ReservationCapacityExceeded, 400, InsufficientCapacity",
    "Unsupported, 400, OfferingUnsupported",
    "InstanceLimitExceeded, 400, QuotaExceeded",
    "VcpuLimitExceeded, 400, QuotaExceeded",
    "RequestLimitExceeded, 503, Throttled",
    "InternalError, 500, Transient",
    "Unavailable, 503, Transient",
    "SomethingNew, 502, Transient",
    "AuthFailure, 401, Unauthorized",
    "UnauthorizedOperation, 403, Unauthorized",
    "InvalidClientTokenId, 401, Unauthorized",
    "InvalidParameterValue, 400, InvalidRequest",
    "InvalidSubnetID.NotFound, 400, InvalidRequest",
    "IdempotentParameterMismatch, 400, InvalidRequest"
  })
  void anEc2ErrorCodeMapsToItsKindAndKeepsCodeAndMessage(String code, int status, String kind) {
    Ec2Exception e =
        (Ec2Exception)
            Ec2Exception.builder()
                .statusCode(status)
                .awsErrorDetails(
                    AwsErrorDetails.builder()
                        .errorCode(code)
                        .errorMessage("msg of " + code)
                        .build())
                .build();

    ProviderError error = Ec2Errors.translate(e);

    assertThat(error.getClass().getSimpleName()).isEqualTo(kind);
    assertThat(error.code()).isEqualTo(code);
    assertThat(error.message()).isEqualTo("msg of " + code);
  }

  @Test
  void aFleetErrorItemWithoutStatusIsJudgedByItsCodeAlone() {
    assertThat(Ec2Errors.of("InsufficientInstanceCapacity", "m", 0).recovery())
        .isEqualTo(Recovery.TRY_ANOTHER_OFFERING);
    assertThat(Ec2Errors.of("InvalidLaunchTemplateId.NotFound", "m", 0).recovery())
        .isEqualTo(Recovery.GIVE_UP);
  }

  @Test
  void aFleetItemThatFindsAParameterBadIsAboutTheOfferingNotTheRequest() {
    String message = "Invalid value 'p9.48xlarge' for InstanceType.";

    assertThat(Ec2Errors.fleetItem("InvalidParameterValue", message))
        .isEqualTo(new ProviderError.OfferingUnsupported("InvalidParameterValue", message));
    assertThat(Ec2Errors.fleetItem("Unsupported", "m").recovery())
        .isEqualTo(Recovery.DROP_OFFERING);
    assertThat(Ec2Errors.fleetItem("VcpuLimitExceeded", "m"))
        .isInstanceOf(ProviderError.QuotaExceeded.class);
    assertThat(Ec2Errors.of("InvalidParameterValue", message, 400).recovery())
        .isEqualTo(Recovery.GIVE_UP);
  }

  @ParameterizedTest(name = "{0} into a reservation -> ReservationClosed")
  @CsvSource({
    "ReservationCapacityExceeded, 400",
    "InsufficientInstanceCapacity, 500",
    "InvalidCapacityReservationId.NotFound, 400"
  })
  void aLaunchIntoAReservationThatCannotTakeItIsReservationClosedKeepingEc2sWords(
      String code, int status) {
    ProviderError plain = Ec2Errors.of(code, "msg of " + code, status);

    ProviderError reserved = Ec2Errors.reserved(plain, "cr-0123456789abcdef0");

    assertThat(reserved)
        .isEqualTo(
            new ProviderError.ReservationClosed(code, "msg of " + code, "cr-0123456789abcdef0"));
    assertThat(reserved.recovery()).isEqualTo(Recovery.TRY_ANOTHER_OFFERING);
  }

  @Test
  void otherErrorsOfAReservedLaunchStayWhatTheyAre() {
    for (ProviderError e :
        List.of(
            Ec2Errors.of("VcpuLimitExceeded", "m", 400),
            Ec2Errors.of("UnauthorizedOperation", "m", 403),
            Ec2Errors.of("InvalidCapacityReservationId.Malformed", "m", 400),
            Ec2Errors.of("RequestLimitExceeded", "m", 503))) {
      assertThat(Ec2Errors.reserved(e, "cr-0123456789abcdef0")).isSameAs(e);
    }
  }

  @Test
  void anErrorWithoutABodyIsJudgedByItsStatus() {
    Ec2Exception e = (Ec2Exception) Ec2Exception.builder().statusCode(401).message("401").build();

    assertThat(Ec2Errors.translate(e)).isInstanceOf(ProviderError.Unauthorized.class);
  }

  @Test
  void aNetworkFailureIsTransient() {
    ProviderError error =
        Ec2Errors.translate(SdkClientException.create("Unable to execute HTTP request: reset"));

    assertThat(error).isInstanceOf(ProviderError.Transient.class);
    assertThat(error.message()).contains("reset");
  }
}
