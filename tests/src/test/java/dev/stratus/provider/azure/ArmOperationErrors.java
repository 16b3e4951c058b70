package dev.stratus.provider.azure;

import dev.stratus.api.spi.ProviderError;

/** How a failed ARM long-running operation's body is read, for the chaos suite's fuzzing. */
public final class ArmOperationErrors {
  private ArmOperationErrors() {}

  public static ProviderError of(int status, String body) {
    return AzureErrors.fromOperation(status, body);
  }
}
