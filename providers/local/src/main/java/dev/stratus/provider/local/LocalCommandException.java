package dev.stratus.provider.local;

/** A host tool the provider ran failed; the message has the command line and its output. */
final class LocalCommandException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  LocalCommandException(String message) {
    super(message);
  }
}
