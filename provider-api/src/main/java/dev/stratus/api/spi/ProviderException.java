package dev.stratus.api.spi;

/**
 * Thrown by provider calls that have no result object to carry a failure ({@code list}, {@code
 * get}, {@code terminate}). {@code launch} reports failures as data instead.
 */
public final class ProviderException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient ProviderError error;

  public ProviderException(ProviderError error) {
    super(error.describe());
    this.error = error;
  }

  public ProviderException(ProviderError error, Throwable cause) {
    super(error.describe(), cause);
    this.error = error;
  }

  public ProviderError error() {
    return error;
  }
}
