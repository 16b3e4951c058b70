package dev.stratus.provider.azure;

import com.azure.core.exception.ClientAuthenticationException;
import com.azure.core.exception.HttpResponseException;
import com.azure.core.management.exception.ManagementError;
import com.azure.core.management.exception.ManagementException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.core.spi.ProviderError;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 * decides first (an allocation failure arrives with the poll's 200), the HTTP status second.
 */
public final class AzureErrors {
  static final Set<String> CAPACITY =
      Set.of(
          "SkuNotAvailable",
          "AllocationFailed",
          "ZonalAllocationFailed",
          "OverconstrainedAllocationRequest",
          "OverconstrainedZonalAllocationRequest");
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

  private AzureErrors() {}

  public static ProviderError translate(Exception e) {
    if (e instanceof ClientAuthenticationException) {
      return new ProviderError.Unauthorized("CredentialUnavailable", firstLine(e.getMessage()));
    }
    if (e instanceof ManagementException me && me.getValue() != null) {
      int status = me.getResponse() == null ? 0 : me.getResponse().getStatusCode();
      return fromCode(significant(me.getValue()), status);
    }
    if (e instanceof HttpResponseException he && he.getResponse() != null) {
      return fromStatus(
          "Http" + he.getResponse().getStatusCode(),
          firstLine(he.getMessage()),
          he.getResponse().getStatusCode());
    }
    if (hasCause(e, IOException.class) || hasCause(e, TimeoutException.class)) {
      return new ProviderError.Transient(
          "NetworkError", e.getClass().getSimpleName() + ": " + firstLine(e.getMessage()));
    }
    LOG.warn("unexpected error from the Azure SDK", e);
    return new ProviderError.InvalidRequest(
        "Unexpected", e.getClass().getName() + ": " + firstLine(e.getMessage()));
  }

  /**
   * A failed long-running operation: ARM answers the poll with {@code {"status":"Failed",
   * "error":{"code":"AllocationFailed","message":..}}} (HTTP 200), or the poll itself failed.
   */
  static ProviderError fromOperation(int status, String body) {
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
    } catch (java.io.IOException e) {
      // Not JSON: keep the raw body as the message.
    }
    return fromCode(new ManagementError(code, message), status);
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
    String code = error.getCode() == null ? "Http" + status : error.getCode();
    String message = error.getMessage() == null ? code : firstLine(error.getMessage());
    if (CAPACITY.contains(code)) {
      return new ProviderError.InsufficientCapacity(code, message);
    }
    if (code.equals("QuotaExceeded")
        || (code.equals("OperationNotAllowed")
            && message.toLowerCase(Locale.ROOT).contains("quota"))) {
      return new ProviderError.QuotaExceeded(code, message);
    }
    if (THROTTLED.contains(code)) {
      return new ProviderError.Throttled(code, message);
    }
    if (TRANSIENT.contains(code)) {
      return new ProviderError.Transient(code, message);
    }
    if (UNAUTHORIZED.contains(code)) {
      return new ProviderError.Unauthorized(code, message);
    }
    return fromStatus(code, message, status);
  }

  private static ProviderError fromStatus(String code, String message, int status) {
    if (status == 429) {
      return new ProviderError.Throttled(code, message);
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
