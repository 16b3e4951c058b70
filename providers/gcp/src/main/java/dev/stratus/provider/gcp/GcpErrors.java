package dev.stratus.provider.gcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.api.client.http.HttpResponseException;
import com.google.api.gax.rpc.ApiException;
import dev.stratus.api.resilience.RetryAfter;
import dev.stratus.api.spi.ProviderError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Compute Engine errors as {@link ProviderError}s, keeping the cloud's code and message. The code
 * is the {@code errors[].reason} of an HTTP error body ({@code quotaExceeded}, {@code
 * rateLimitExceeded}) or the {@code error.errors[].code} of a failed operation ({@code
 * ZONE_RESOURCE_POOL_EXHAUSTED}); the HTTP status decides only when the code is not one we know,
 * because GCE answers some throttling and quota errors with 403, the status of a permission error.
 *
 * <p>An offering GCE cannot serve as configured is {@link ProviderError.OfferingUnsupported}, not
 * capacity: {@code UNSUPPORTED_OPERATION}, a machine type that "does not exist in zone" (HTTP 400
 * {@code invalid}), and a machine or accelerator type that was not found ({@code
 * RESOURCE_NOT_FOUND} in an operation, or HTTP 404). A throttled answer keeps its {@code
 * Retry-After}.
 */
final class GcpErrors {
  static final Set<String> CAPACITY =
      Set.of(
          "ZONE_RESOURCE_POOL_EXHAUSTED",
          "ZONE_RESOURCE_POOL_EXHAUSTED_WITH_DETAILS",
          "REGION_RESOURCE_POOL_EXHAUSTED",
          "resourcePoolExhausted");
  static final Set<String> QUOTA = Set.of("quotaExceeded", "QUOTA_EXCEEDED");
  static final Set<String> THROTTLED =
      Set.of("rateLimitExceeded", "userRateLimitExceeded", "RATE_LIMIT_EXCEEDED");
  static final Set<String> UNAUTHORIZED =
      Set.of("forbidden", "insufficientPermissions", "authError", "accessNotConfigured");
  static final Set<String> TRANSIENT = Set.of("backendError", "internalError");
  static final Set<String> UNSUPPORTED = Set.of("UNSUPPORTED_OPERATION");
  private static final Set<String> NOT_FOUND = Set.of("RESOURCE_NOT_FOUND", "notFound");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A Retry-After date is wall-clock time at the server, so it is read against the wall clock. */
  private static final Clock WALL = Clock.systemUTC();

  private GcpErrors() {}

  /** The table: a code and an HTTP status (0 when none) to our error. */
  static ProviderError classify(String code, int httpStatus, String message) {
    return classify(code, httpStatus, message, Duration.ZERO);
  }

  /** The table, for an answer that may carry a {@code Retry-After}. */
  static ProviderError classify(String code, int httpStatus, String message, Duration retryAfter) {
    String msg = message == null ? "" : message;
    if (CAPACITY.contains(code)) {
      return new ProviderError.InsufficientCapacity(code, msg);
    }
    if (QUOTA.contains(code)) {
      return new ProviderError.QuotaExceeded(code, msg);
    }
    if (offeringUnsupported(code, msg)) {
      return new ProviderError.OfferingUnsupported(code, msg);
    }
    if (THROTTLED.contains(code) || httpStatus == 429) {
      return new ProviderError.Throttled(code, msg, retryAfter);
    }
    if (TRANSIENT.contains(code) || httpStatus >= 500) {
      return new ProviderError.Transient(code, msg);
    }
    if (UNAUTHORIZED.contains(code) || httpStatus == 401 || httpStatus == 403) {
      return new ProviderError.Unauthorized(code, msg);
    }
    return new ProviderError.InvalidRequest(code, msg);
  }

  /**
   * The offering's machine type or accelerator is not in its zone, or GCE does not support the
   * combination: a fact about the configuration, however long one waits.
   */
  private static boolean offeringUnsupported(String code, String message) {
    if (UNSUPPORTED.contains(code)) {
      return true;
    }
    if (code.equals("invalid")) {
      return message.contains("does not exist in zone");
    }
    return NOT_FOUND.contains(code)
        && (message.contains("/machineTypes/") || message.contains("/acceleratorTypes/"));
  }

  /** For {@code ProviderCalls}: any exception an SDK call or an operation wait can throw. */
  static ProviderError translate(Exception e) {
    Throwable t = unwrap(e);
    if (t instanceof GcpOperationException op) {
      return classify(op.code(), op.httpStatus(), op.detail());
    }
    if (t instanceof ApiException api) {
      return fromApi(api);
    }
    if (t instanceof TimeoutException || t instanceof CancellationException) {
      return new ProviderError.Transient("Timeout", String.valueOf(t.getMessage()));
    }
    if (t instanceof IOException || t instanceof UncheckedIOException) {
      return new ProviderError.Transient("IOError", String.valueOf(t.getMessage()));
    }
    if (t instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      return new ProviderError.Transient("Interrupted", "interrupted while calling Compute Engine");
    }
    return new ProviderError.InvalidRequest(
        t.getClass().getSimpleName(), String.valueOf(t.getMessage()));
  }

  /** HTTP 404: the resource is not there (deleting it again is success). */
  static boolean notFound(Exception e) {
    return unwrap(e) instanceof ApiException api && httpStatus(api) == 404;
  }

  /** HTTP 409: a resource of that name exists already. */
  static boolean alreadyExists(Exception e) {
    return unwrap(e) instanceof ApiException api && httpStatus(api) == 409;
  }

  private static ProviderError fromApi(ApiException api) {
    int status = httpStatus(api);
    String code = "HTTP " + status;
    String message = api.getMessage();
    Duration retryAfter = Duration.ZERO;
    for (Throwable c = api; c != null; c = c.getCause()) {
      if (c instanceof HttpResponseException http && http.getContent() != null) {
        retryAfter =
            RetryAfter.parse(http.getHeaders().getRetryAfter(), WALL.instant())
                .orElse(Duration.ZERO);
        try {
          JsonNode error = JSON.readTree(http.getContent()).path("error");
          code = error.path("errors").path(0).path("reason").asText(code);
          message = error.path("message").asText(message);
        } catch (IOException | RuntimeException notJson) {
          message = http.getContent();
        }
        break;
      }
    }
    return classify(code, status, message, retryAfter);
  }

  private static int httpStatus(ApiException api) {
    Object transport = api.getStatusCode().getTransportCode();
    return transport instanceof Integer i ? i : 0;
  }

  private static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while ((t instanceof ExecutionException || t instanceof CompletionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
