package dev.stratus.provider.aws;

import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.ProviderError;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * EC2 error codes to {@link ProviderError}s, keeping EC2's code and message. The same table serves
 * exceptions (an {@code <Errors>} response) and the per-override {@code errorSet} items of an
 * instant CreateFleet, which reports capacity, quota and offering errors as data in a 200 answer
 * rather than as an HTTP error ({@link #fleetItem}). {@code Unsupported} (the zone does not offer
 * the type, or not this way) is not capacity: the offering is dropped. EC2 sends no {@code
 * Retry-After}: {@code RequestLimitExceeded} is left to our backoff.
 */
public final class Ec2Errors {
  static final Set<String> CAPACITY =
      Set.of(
          "InsufficientInstanceCapacity",
          "InsufficientHostCapacity",
          "InsufficientReservedInstanceCapacity",
          "MaxSpotInstanceCountExceeded",
          "SpotMaxPriceTooLow",
          "ReservationCapacityExceeded");

  /**
   * What EC2 answers a launch into a reservation that cannot take it now: {@code
   * ReservationCapacityExceeded} (not active yet, expired, cancelled, or every slot in use: EC2
   * counts no slot outside the window), {@code InsufficientInstanceCapacity} (what EC2 Fleet
   * answers for a block that has not started), {@code InvalidCapacityReservationId.NotFound} (EC2
   * no longer holds it).
   */
  static final Set<String> RESERVATION_CLOSED =
      Set.of(
          "ReservationCapacityExceeded",
          "InsufficientInstanceCapacity",
          "InvalidCapacityReservationId.NotFound");

  static final Set<String> UNSUPPORTED = Set.of("Unsupported");
  static final Set<String> QUOTA = Set.of("InstanceLimitExceeded", "VcpuLimitExceeded");
  static final Set<String> THROTTLED =
      Set.of("RequestLimitExceeded", "Throttling", "ThrottlingException");
  static final Set<String> TRANSIENT =
      Set.of("InternalError", "InternalFailure", "ServiceUnavailable", "Unavailable");
  static final Set<String> UNAUTHORIZED =
      Set.of(
          "AuthFailure",
          "UnauthorizedOperation",
          "InvalidClientTokenId",
          "SignatureDoesNotMatch",
          "OptInRequired");

  private Ec2Errors() {}

  /** Translates whatever an SDK call threw. Network failures and timeouts are transient. */
  public static ProviderError translate(Exception e) {
    if (e instanceof AwsServiceException ase) {
      var details = ase.awsErrorDetails();
      String code = details == null ? null : details.errorCode();
      String message = details == null ? null : details.errorMessage();
      if (code == null) {
        // The JDK's HttpURLConnection drops the body of a 401 sent without WWW-Authenticate, so
        // the status is all there is: judge by it alone.
        return byStatus(ase.statusCode(), String.valueOf(ase.getMessage()));
      }
      return of(code, message == null ? "" : message, ase.statusCode());
    }
    if (e instanceof AbortedException) {
      // the SDK saw its thread interrupted (and cleared the flag): our task was abandoned
      return ProviderCalls.interrupted("EC2");
    }
    if (e instanceof SdkClientException) {
      return new ProviderError.Transient("ClientError", String.valueOf(e.getMessage()));
    }
    return new ProviderError.InvalidRequest(e.getClass().getSimpleName(), String.valueOf(e));
  }

  static ProviderError byStatus(int status, String message) {
    String code = "HTTP" + status;
    if (status == 401 || status == 403) {
      return new ProviderError.Unauthorized(code, message);
    }
    if (status == 429 || status == 503) {
      return new ProviderError.Throttled(code, message);
    }
    return of(code, message, status);
  }

  /**
   * An {@code errorSet} item of an instant fleet: about one override, that is the offering's
   * instance type in one subnet of its zone. A bad parameter there ({@code InvalidParameterValue}:
   * a type EC2 does not have, or not in that zone) cannot be about the request as a whole, which
   * EC2 would refuse with HTTP 400: the offering is unsupported as configured.
   */
  static ProviderError fleetItem(String code, String message) {
    if (code.equals("InvalidParameterValue")) {
      return new ProviderError.OfferingUnsupported(code, message);
    }
    return of(code, message, 0);
  }

  /**
   * The error of a launch into {@code reservation}: one that says the reservation cannot take it
   * ({@link #RESERVATION_CLOSED}) is {@link ProviderError.ReservationClosed}, keeping EC2's code
   * and message; any other stays as {@link #of} made it.
   */
  static ProviderError reserved(ProviderError error, String reservation) {
    return RESERVATION_CLOSED.contains(error.code())
        ? new ProviderError.ReservationClosed(error.code(), error.message(), reservation)
        : error;
  }

  /**
   * The table. {@code httpStatus} decides only for codes the table does not name: 5xx is transient,
   * anything else a request EC2 will refuse again ({@code IdempotentParameterMismatch}: a client
   * token reused with other parameters, among them).
   */
  public static ProviderError of(String code, String message, int httpStatus) {
    if (CAPACITY.contains(code)) {
      return new ProviderError.InsufficientCapacity(code, message);
    }
    if (UNSUPPORTED.contains(code)) {
      return new ProviderError.OfferingUnsupported(code, message);
    }
    if (QUOTA.contains(code)) {
      return new ProviderError.QuotaExceeded(code, message);
    }
    if (THROTTLED.contains(code)) {
      return new ProviderError.Throttled(code, message);
    }
    if (UNAUTHORIZED.contains(code)) {
      return new ProviderError.Unauthorized(code, message);
    }
    if (TRANSIENT.contains(code) || httpStatus >= 500) {
      return new ProviderError.Transient(code, message);
    }
    return new ProviderError.InvalidRequest(code, message);
  }
}
