package dev.stratus.policy;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.OfferingKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * What the controller has seen of each spot offering's capacity, as {@link AvailabilityHistory} per
 * offering, for the deadline policy. Available: a launch there succeeded, or a spot instance of it
 * was running at a pass. Unavailable: a launch failed for capacity, an instance was reclaimed, or
 * the offering is inside its unavailable TTL at a pass. Observations must come in time order per
 * offering (the pass's clock); one older than the last is dropped, not fatal, since a launch ending
 * on a cloud lane may report a moment after the next pass began. In memory only: after a restart
 * the policy decides from its prior until it has seen again. Thread-safe.
 */
public final class SpotHistory {
  private final Map<OfferingKey, AvailabilityHistory.Builder> builders = new HashMap<>();
  private final Map<OfferingKey, Instant> last = new HashMap<>();

  public synchronized void observe(OfferingKey key, Instant at, boolean available) {
    if (key.capacityType() != CapacityType.SPOT) {
      return;
    }
    Instant previous = last.get(key);
    if (previous != null && at.isBefore(previous)) {
      return;
    }
    last.put(key, at);
    builders.computeIfAbsent(key, k -> AvailabilityHistory.builder()).observe(at, available);
  }

  /**
   * One pass's view: spot instances alive now are available; offerings inside their unavailable TTL
   * are not.
   */
  public synchronized void observePass(
      Instant now, Iterable<Instance> instances, Set<OfferingKey> unavailable) {
    for (OfferingKey key : unavailable) {
      observe(key, now, false);
    }
    for (Instance i : instances) {
      if (i.state().alive() && !unavailable.contains(i.offering())) {
        observe(i.offering(), now, true);
      }
    }
  }

  /** Immutable histories, each O(1) to take (they share the builders' storage). */
  public synchronized Map<OfferingKey, AvailabilityHistory> snapshot() {
    Map<OfferingKey, AvailabilityHistory> out = new HashMap<>(builders.size() * 2);
    builders.forEach((k, b) -> out.put(k, b.snapshot()));
    return out;
  }
}
