package dev.stratus.provider.lambda;

import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.ProviderError;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The instance-types call as the capacity probe: a launch asks it (cached for {@code ttl}) before
 * it spends a launch request, which Lambda limits to one per 12 seconds. A type Lambda does not
 * offer is an invalid request; a region missing from the type's {@code
 * regions_with_capacity_available} is Lambda's own capacity error, without a launch. A launch
 * refused for capacity drops the cache, so the next probe asks again.
 */
final class LambdaCapacity {
  private final LambdaApi api;
  private final Duration ttl;
  private final Clock clock;
  private LambdaJson.Types cached;
  private Instant fetched = Instant.MIN;

  LambdaCapacity(LambdaApi api, Duration ttl, Clock clock) {
    this.api = api;
    this.ttl = ttl;
    this.clock = clock;
  }

  synchronized LambdaJson.Types types() {
    if (cached == null || !fetched.plus(ttl).isAfter(clock.instant())) {
      cached = api.call("ListInstanceTypes", LambdaClient::instanceTypes);
      fetched = clock.instant();
    }
    return cached;
  }

  synchronized void invalidate() {
    cached = null;
  }

  /** Why a launch in this offering would fail now, if the probe says so. */
  Optional<ProviderError> refuse(OfferingKey key) {
    LambdaJson.Availability a = types().byName().get(key.instanceType());
    if (a == null) {
      return Optional.of(
          new ProviderError.InvalidRequest(
              "global/invalid-parameters", "Lambda offers no instance type " + key.instanceType()));
    }
    boolean available =
        a.regions() != null && a.regions().stream().anyMatch(r -> key.region().equals(r.name()));
    return available
        ? Optional.empty()
        : Optional.of(
            new ProviderError.InsufficientCapacity(
                LambdaErrors.CAPACITY,
                "instance-types lists no capacity for "
                    + key.instanceType()
                    + " in "
                    + key.region()));
  }
}
