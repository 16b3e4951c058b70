package dev.stratus.core.controller;

import dev.stratus.core.model.OfferingKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Offerings that just said "no capacity", skipped until their TTL ends. Each repeated failure
 * doubles the TTL up to a cap. Once the TTL is over the offering is <em>probing</em> until a launch
 * in it succeeds (record cleared) or fails again (next, longer TTL): the planner then sends it only
 * single-node launches while anything else can serve bigger jobs. In memory only: losing it on
 * restart costs one failed launch.
 *
 * <p>An <em>invalid</em> offering (a node of it registered with less than its pool declares) is
 * unavailable until the controller restarts, which is when a corrected stratus.yaml is read.
 */
public final class UnavailableOfferings {
  private final Clock clock;
  private final Duration baseTtl;
  private final Duration maxTtl;
  private final Map<OfferingKey, Entry> entries = new ConcurrentHashMap<>();
  private final Set<OfferingKey> invalid = ConcurrentHashMap.newKeySet();

  private record Entry(Instant until, int strikes) {}

  public UnavailableOfferings(Clock clock, Duration baseTtl, Duration maxTtl) {
    this.clock = clock;
    this.baseTtl = baseTtl;
    this.maxTtl = maxTtl;
  }

  public void markUnavailable(OfferingKey key) {
    entries.compute(
        key,
        (k, old) -> {
          int strikes = old == null ? 1 : old.strikes() + 1;
          Duration ttl = baseTtl.multipliedBy(1L << Math.min(strikes - 1, 16));
          if (ttl.compareTo(maxTtl) > 0) {
            ttl = maxTtl;
          }
          return new Entry(clock.instant().plus(ttl), strikes);
        });
  }

  /** A successful launch clears the offering's record. */
  public void markAvailable(OfferingKey key) {
    entries.remove(key);
  }

  /** Never to be tried again while this controller runs. */
  public void markInvalid(OfferingKey key) {
    invalid.add(key);
  }

  /** Offerings inside their TTL, and invalid ones: not to be used at all. */
  public Set<OfferingKey> current() {
    Set<OfferingKey> out = select(true);
    out.addAll(invalid);
    return out;
  }

  /** The offerings marked invalid. */
  public Set<OfferingKey> invalid() {
    return Set.copyOf(invalid);
  }

  /** Offerings past their TTL that have not proved themselves since. */
  public Set<OfferingKey> probing() {
    Set<OfferingKey> out = select(false);
    out.removeAll(invalid);
    return out;
  }

  private Set<OfferingKey> select(boolean withinTtl) {
    Instant now = clock.instant();
    Set<OfferingKey> out = new HashSet<>();
    entries.forEach(
        (k, e) -> {
          if (e.until().isAfter(now) == withinTtl) {
            out.add(k);
          }
        });
    return out;
  }
}
