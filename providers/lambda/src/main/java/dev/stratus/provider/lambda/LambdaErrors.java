package dev.stratus.provider.lambda;

import dev.stratus.api.spi.ProviderError;
import java.util.Set;

/**
 * Lambda's error codes (the API's {@code errorCode} enum) as Stratus errors, keeping Lambda's code
 * and message. {@code instance-operations/launch/insufficient-capacity} is "try another offering";
 * {@code global/quota-exceeded} is quota; 429 (rate limits: about one request a second, one launch
 * per 12 s) is throttling; 5xx, {@code global/unknown}, upstream {@code provider/...} errors and a
 * failed connection are transient; a bad key, an inactive account or a missing billing address is
 * unauthorized; the rest is a request Lambda will refuse again.
 */
public final class LambdaErrors {
  static final String CAPACITY = "instance-operations/launch/insufficient-capacity";
  static final Set<String> UNAUTHORIZED =
      Set.of("global/invalid-api-key", "global/account-inactive", "global/invalid-address");

  private LambdaErrors() {}

  public static ProviderError translate(Exception e) {
    if (e instanceof LambdaApiException l) {
      return of(l.status(), l.code(), String.valueOf(l.getMessage()));
    }
    return new ProviderError.Transient(
        e.getClass().getSimpleName(), String.valueOf(e.getMessage()));
  }

  public static ProviderError of(int status, String code, String message) {
    if (code.equals(CAPACITY)) {
      return new ProviderError.InsufficientCapacity(code, message);
    }
    if (code.equals("global/quota-exceeded")) {
      return new ProviderError.QuotaExceeded(code, message);
    }
    if (status == 429) {
      return new ProviderError.Throttled(code, message);
    }
    if (UNAUTHORIZED.contains(code) || status == 401 || status == 403) {
      return new ProviderError.Unauthorized(code, message);
    }
    if (status == 0
        || status >= 500
        || code.equals("global/unknown")
        || code.startsWith("provider/")) {
      return new ProviderError.Transient(code, message);
    }
    return new ProviderError.InvalidRequest(code, message);
  }
}
