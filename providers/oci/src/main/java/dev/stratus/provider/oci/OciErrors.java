package dev.stratus.provider.oci;

import com.oracle.bmc.model.BmcException;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * OCI's errors ({@code {"code": ..., "message": ...}} with the HTTP status, API Errors reference)
 * as Stratus errors, keeping OCI's code and message. OCI reports a host shortage as {@code 500
 * InternalError} whose message says "Out of host capacity": the message decides there, the status
 * alone would say "retry". Service limits ({@code LimitExceeded}) and compartment quotas ({@code
 * QuotaExceeded}) are quota; {@code 429 TooManyRequests} is throttling; {@code IncorrectState} is
 * transient (OCI: "retry with backoff"); 401/403 and a 404 on a create are missing permissions.
 */
public final class OciErrors {
  static final String OUT_OF_CAPACITY = "Out of host capacity";
  static final Set<String> QUOTA = Set.of("LimitExceeded", "QuotaExceeded");
  static final Set<String> UNAUTHORIZED =
      Set.of("NotAuthenticated", "NotAuthorized", "NotAuthorizedOrNotFound", "SignUpRequired");
  static final Set<String> TRANSIENT =
      Set.of("IncorrectState", "ExternalServerIncorrectState", "InternalServerError");

  private static final Pattern SDK_PREFIX = Pattern.compile("\\(-?\\d+, [^,]*, (true|false)\\) ");

  private OciErrors() {}

  /**
   * Whatever an SDK call threw. Timeouts and other client-side failures are transient; credentials
   * the SDK cannot use are not.
   */
  public static ProviderError translate(Exception e) {
    if (e instanceof BmcException b) {
      if (b.isTimeout() || b.isClientSide() || b.getStatusCode() <= 0) {
        return new ProviderError.Transient("ClientError", firstLine(b.getMessage()));
      }
      return of(b.getStatusCode(), String.valueOf(b.getServiceCode()), serviceMessage(b));
    }
    if (e instanceof IllegalArgumentException) {
      // The SDK's word for credentials it cannot use (a key file it cannot read, a config file
      // without the profile): retrying reads the same files, so it is no transient failure.
      return new ProviderError.Unauthorized("CredentialsUnusable", firstLine(e.getMessage()));
    }
    return new ProviderError.Transient(e.getClass().getSimpleName(), firstLine(e.getMessage()));
  }

  /** The table: the code first, the message for capacity, the status for codes it does not name. */
  public static ProviderError of(int status, String code, String message) {
    if (message.contains(OUT_OF_CAPACITY)) {
      return new ProviderError.InsufficientCapacity(code, message);
    }
    if (QUOTA.contains(code)) {
      return new ProviderError.QuotaExceeded(code, message);
    }
    if (status == 429 || code.equals("TooManyRequests")) {
      return new ProviderError.Throttled(code, message);
    }
    if (UNAUTHORIZED.contains(code) || status == 401 || status == 403) {
      return new ProviderError.Unauthorized(code, message);
    }
    if (TRANSIENT.contains(code) || status >= 500) {
      return new ProviderError.Transient(code, message);
    }
    return new ProviderError.InvalidRequest(code, message);
  }

  /** Whether OCI said "no such resource" (or that it may not say: the two look alike). */
  static boolean notFound(ProviderException e) {
    return e.getCause() instanceof BmcException b && b.getStatusCode() == 404;
  }

  /**
   * OCI's own message. The SDK's reads "[Error returned by X operation in Y service.](status, code,
   * retried) MESSAGE (opc-request-id: ...)" and then troubleshooting tips: keep MESSAGE.
   */
  static String serviceMessage(BmcException b) {
    if (b.getOriginalMessage() != null) {
      return firstLine(b.getOriginalMessage());
    }
    String m = firstLine(b.getMessage());
    Matcher prefix = SDK_PREFIX.matcher(m);
    String own = prefix.find() ? m.substring(prefix.end()) : m;
    int request = own.lastIndexOf(" (opc-request-id:");
    return request >= 0 ? own.substring(0, request) : own;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
