package dev.stratus.provider.oci;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The instances this provider launched in the last {@code memory}: OCI's ListInstances is
 * eventually consistent, so for a while after LaunchInstance answers, a list may not show the new
 * instance. {@code list} asks OCI for each remembered one that the list left out (GetInstance is
 * consistent) rather than hide an instance that costs money. A restarted controller has no memory:
 * for that window it relies on OCI's retry tokens, which make a repeated launch return the same
 * instance.
 */
final class RecentLaunches {
  private final Map<String, Instant> until = new ConcurrentHashMap<>();
  private final Duration memory;
  private final Clock clock;

  RecentLaunches(Duration memory, Clock clock) {
    this.memory = memory;
    this.clock = clock;
  }

  void launched(String instanceId) {
    until.put(instanceId, clock.instant().plus(memory));
  }

  void forget(String instanceId) {
    until.remove(instanceId);
  }

  /** The remembered ids, dropping those older than the memory. */
  List<String> ids() {
    Instant now = clock.instant();
    until.values().removeIf(t -> !t.isAfter(now));
    return List.copyOf(until.keySet());
  }
}
