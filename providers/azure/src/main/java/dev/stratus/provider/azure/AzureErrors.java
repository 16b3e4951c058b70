package dev.stratus.provider.azure;

import com.azure.core.exception.ClientAuthenticationException;
import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.management.exception.ManagementError;
import com.azure.core.management.exception.ManagementException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.api.resilience.RetryAfter;
import dev.stratus.api.spi.ProviderError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Azure's errors as Stratus errors, keeping ARM's code and message. ARM reports an error either as
 * the HTTP answer ({@code 409 {"error":{"code":"SkuNotAvailable"}}}, {@code 429}) or, for VM
 * creation, in the body of the failed asynchronous operation ({@code AllocationFailed}); both reach
 * us as a {@link ManagementException} whose {@link ManagementError} carries the code. The code
 * decides first (an allocation failure arrives with the poll's 200), the HTTP status second. A
 * throttled answer (a 429, on a call or on an operation poll) keeps ARM's {@code Retry-After}.
 * {@code SkuNotAvailable} means the size is not offered in that location or zone to this
 * subscription: the offering is unsupported (for spot, {@link AzureLauncher} reads it as no spot
 * capacity, which the same code also means).
 */
public final class AzureErrors {
  static final Set<String> CAPACITY =
      Set.of(
          "AllocationFailed",
          "ZonalAllocationFailed",
          "OverconstrainedAllocationRequest",
          "OverconstrainedZonalAllocationRequest");
  static final Set<String> UNSUPPORTED = Set.of("SkuNotAvailable");

  /**
   * A VM PUT naming a capacity reservation group that ARM does not hold (as deleted at its end);
   * {@link AzureLauncher} reads these, for a reserved offering, as the reservation closed.
   */
  static final Set<String> RESERVATION_CLOSED = Set.of("CapacityReservationGroupNotFound");

  static final Set<String> THROTTLED =
      Set.of("TooManyRequests", "SubscriptionRequestsThrottled", "ResourceRequestsThrottled");
  static final Set<String> TRANSIENT =
      Set.of(
          "InternalServerError",
          "InternalExecutionError",
          "ServiceUnavailable",
          "GatewayTimeout",
          "RetryableError");
  static final Set<String> UNAUTHORIZED =
      Set.of(
          "AuthorizationFailed",
          "LinkedAuthorizationFailed",
          "AuthenticationFailed",
          "InvalidAuthenticationToken",
          "ExpiredAuthenticationToken");

  private static final Logger LOG = LoggerFactory.getLogger(AzureErrors.class);

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A Retry-After date is wall-clock time at ARM, so it is read against the wall clock. */
  private static final Clock WALL = Clock.systemUTC();

  private AzureErrors() {}

  public static ProviderError translate(Exception e) {
    if (e instanceof ClientAuthenticationException) {
      return new ProviderError.Unauthorized("CredentialUnavailable", firstLine(e.getMessage()));
    }
    if (e instanceof ManagementException me && me.getValue() != null) {
      int status = me.getResponse() == null ? 0 : me.getResponse().getStatusCode();
      Duration retryAfter =
          me.getResponse() == null ? Duration.ZERO : retryAfter(me.getResponse().getHeaders());
      return fromCode(significant(me.getValue()), status, retryAfter);
    }
    if (e instanceof HttpResponseException he && he.getResponse() != null) {
      return fromStatus(
          "Http" + he.getResponse().getStatusCode(),
          firstLine(he.getMessage()),
          he.getResponse().getStatusCode(),
          retryAfter(he.getResponse().getHeaders()));
    }
    if (hasCause(e, IOException.class) || hasCause(e, TimeoutException.class)) {
      return new ProviderError.Transient(
          "NetworkError", e.getClass().getSimpleName() + ": " + firstLine(e.getMessage()));
    }
    LOG.warn("unexpected error from the Azure SDK", e);
    return new ProviderError.InvalidRequest(
        "Unexpected", e.getClass().getName() + ": " + firstLine(e.getMessage()));
  }

  static ProviderError fromOperation(int status, String body) {
    return fromOperation(status, body, new HttpHeaders());
  }

  /**
   * A failed long-running operation: ARM answers the poll with {@code {"status":"Failed",
   * "error":{"code":"AllocationFailed","message":..}}} (HTTP 200), or the poll itself failed (a 429
   * with its {@code Retry-After}: the SDK's poller ends the operation on any answer but 200, 201
   * and 202).
   */
  static ProviderError fromOperation(int status, String body, HttpHeaders headers) {
    String code = null;
    String message = body == null ? "" : body;
    try {
      JsonNode root = JSON.readTree(body == null ? "{}" : body);
      JsonNode error = root.has("error") ? root.get("error") : root;
      code = error.path("code").isTextual() ? error.path("code").asText() : null;
      message = error.path("message").asText(message);
      JsonNode details = error.path("details");
      if ((code == null || !known(code)) && details.isArray()) {
        for (JsonNode d : details) {
          if (known(d.path("code").asText(null))) {
            code = d.path("code").asText();
            message = d.path("message").asText(message);
            break;
          }
        }
      }
    } catch (IOException e) {
      // Not JSON: keep the raw body as the message.
    }
    return fromCode(
        new ManagementError(code, message),
        status,
        headers == null ? Duration.ZERO : retryAfter(headers));
  }

  /** How long ARM asked to wait; zero when it did not say. */
  static Duration retryAfter(HttpHeaders headers) {
    return RetryAfter.parse(headers.getValue(HttpHeaderName.RETRY_AFTER), WALL.instant())
        .orElse(Duration.ZERO);
  }

  /** True when ARM said the resource does not exist (a 404 or a NotFound code). */
  static boolean isNotFound(Throwable e) {
    if (e instanceof ManagementException me) {
      boolean status = me.getResponse() != null && me.getResponse().getStatusCode() == 404;
      String code = me.getValue() == null ? "" : String.valueOf(me.getValue().getCode());
      return status || code.equals("ResourceNotFound") || code.equals("NotFound");
    }
    return e instanceof HttpResponseException he
        && he.getResponse() != null
        && he.getResponse().getStatusCode() == 404;
  }

  /** Error by ARM code and HTTP status: the table the unit test checks. */
  static ProviderError fromCode(ManagementError error, int status) {
    return fromCode(error, status, Duration.ZERO);
  }

  static ProviderError fromCode(ManagementError error, int status, Duration retryAfter) {
    String code = error.getCode() == null ? "Http" + status : error.getCode();
    String message = error.getMessage() == null ? code : firstLine(error.getMessage());
    if (CAPACITY.contains(code)) {
      return new ProviderError.InsufficientCapacity(code, message);
    }
    if (UNSUPPORTED.contains(code)) {
      return new ProviderError.OfferingUnsupported(code, message);
    }
    if (code.equals("QuotaExceeded")
        || (code.equals("OperationNotAllowed")
            && message.toLowerCase(Locale.ROOT).contains("quota"))) {
      return new ProviderError.QuotaExceeded(code, message);
    }
    if (THROTTLED.contains(code)) {
      return new ProviderError.Throttled(code, message, retryAfter);
    }
    if (TRANSIENT.contains(code)) {
      return new ProviderError.Transient(code, message);
    }
    if (UNAUTHORIZED.contains(code)) {
      return new ProviderError.Unauthorized(code, message);
    }
    return fromStatus(code, message, status, retryAfter);
  }

  private static ProviderError fromStatus(
      String code, String message, int status, Duration retryAfter) {
    if (status == 429) {
      return new ProviderError.Throttled(code, message, retryAfter);
    }
    if (status >= 500 || status == 408) {
      return new ProviderError.Transient(code, message);
    }
    if (status == 401 || status == 403) {
      return new ProviderError.Unauthorized(code, message);
    }
    return new ProviderError.InvalidRequest(code, message);
  }

  /**
   * The error that says what happened: ARM sometimes wraps the real code in a generic one (e.g.
   * {@code {"code":"DeploymentFailed","details":[{"code":"AllocationFailed"}]}}), so a known code
   * among the details wins over an unknown top-level one.
   */
  private static ManagementError significant(ManagementError top) {
    if (known(top.getCode())) {
      return top;
    }
    List<? extends ManagementError> details =
        top.getDetails() == null ? List.of() : top.getDetails();
    Optional<? extends ManagementError> inner =
        details.stream().filter(d -> known(d.getCode())).findFirst();
    return inner.isPresent() ? inner.get() : top;
  }

  private static boolean known(String code) {
    return code != null
        && (CAPACITY.contains(code)
            || UNSUPPORTED.contains(code)
            || code.equals("QuotaExceeded")
            || THROTTLED.contains(code)
            || UNAUTHORIZED.contains(code));
  }

  /** True when the exception came from a poller's own timeout. */
  static boolean hasTimeout(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof TimeoutException) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t) || t instanceof UncheckedIOException) {
        return true;
      }
    }
    return false;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
