package dev.stratus.provider.gcp;

/**
 * A Compute Engine operation that finished ({@code status: DONE}) with an {@code error}: the first
 * entry of {@code error.errors[]} and the operation's {@code httpErrorStatusCode}. Capacity
 * exhaustion arrives this way, not as an HTTP error.
 */
final class GcpOperationException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String code;
  private final int httpStatus;

  GcpOperationException(String operation, String code, String message, int httpStatus) {
    super("operation " + operation + " failed: " + code + ": " + message);
    this.code = code;
    this.httpStatus = httpStatus;
  }

  String code() {
    return code;
  }

  int httpStatus() {
    return httpStatus;
  }

  String detail() {
    String m = getMessage();
    return m.substring(m.indexOf(": " + code + ": ") + code.length() + 4);
  }
}
