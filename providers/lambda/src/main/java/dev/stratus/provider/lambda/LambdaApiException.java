package dev.stratus.provider.lambda;

/**
 * Lambda answered with an error ({@code status} and its {@code {"error": {...}}}), or could not be
 * reached ({@code status} 0). Holds no credential: the API key never reaches a message.
 */
final class LambdaApiException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final int status;
  private final String code;

  LambdaApiException(int status, String code, String message) {
    super(message);
    this.status = status;
    this.code = code;
  }

  int status() {
    return status;
  }

  String code() {
    return code;
  }
}
