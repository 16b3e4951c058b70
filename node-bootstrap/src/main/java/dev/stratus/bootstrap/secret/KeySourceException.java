package dev.stratus.bootstrap.secret;

/**
 * The munge key could not be had. The message names the step that failed and is safe to log and to
 * put in the status file: it never carries the key, a token or a secret-id.
 */
public final class KeySourceException extends Exception {
  private static final long serialVersionUID = 1L;

  public KeySourceException(String message) {
    super(message);
  }
}
