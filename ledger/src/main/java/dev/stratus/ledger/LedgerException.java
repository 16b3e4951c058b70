package dev.stratus.ledger;

/** The ledger could not be read or written; the message names the file or the step. */
public final class LedgerException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public LedgerException(String message, Throwable cause) {
    super(message + ": " + cause.getMessage(), cause);
  }
}
