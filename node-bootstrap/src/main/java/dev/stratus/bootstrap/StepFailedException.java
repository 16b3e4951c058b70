package dev.stratus.bootstrap;

/** A bootstrap step could not be done; the message goes into the status file as is. */
final class StepFailedException extends Exception {
  private static final long serialVersionUID = 1L;

  StepFailedException(String message) {
    super(message);
  }
}
