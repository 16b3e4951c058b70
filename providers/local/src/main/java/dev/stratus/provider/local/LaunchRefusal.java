package dev.stratus.provider.local;

import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.ProviderError;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Why a local launch is refused as a whole, before any node is created: an offering of another
 * provider, an unreadable faults file, an offering made to look exhausted, or a host that cannot be
 * set up (bridge, fake GPU devices).
 */
final class LaunchRefusal {
  private LaunchRefusal() {}

  static Optional<ProviderError> of(
      LaunchRequest request, Supplier<LocalFaults> faults, Runnable hostSetup) {
    OfferingKey key = request.offering().key();
    if (!key.provider().equals(LocalSettings.PROVIDER)) {
      return Optional.of(
          new ProviderError.InvalidRequest(
              "LocalWrongProvider", "offering " + key + " is not a local offering"));
    }
    LocalFaults f;
    try {
      f = faults.get();
    } catch (IllegalArgumentException e) {
      return Optional.of(new ProviderError.InvalidRequest("LocalFaults", e.getMessage()));
    }
    if (f.exhausted(key)) {
      return Optional.of(
          new ProviderError.InsufficientCapacity(
              "LocalCapacity", "offering " + key + " has no local capacity (exhaustedOfferings)"));
    }
    try {
      hostSetup.run();
    } catch (RuntimeException e) {
      return Optional.of(new ProviderError.InvalidRequest("LocalHostSetup", e.getMessage()));
    }
    return Optional.empty();
  }
}
