package dev.stratus.core.controller;

import dev.stratus.api.model.OfferingKey;
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
 * single-node launches while anything else can serve bigger jobs.
 *
 * <p>Two kinds of offering are <em>dropped</em>: skipped for good, never probed, no TTL. One the
 * cloud refused as unsupported ({@link dev.stratus.api.spi.Recovery#DROP_OFFERING}: not offered in
 * that zone, not to this account), and one that is <em>invalid</em> (a node of it registered with
 * less than its pool declares). In memory only: losing them on restart costs one failed launch per
 * offering, and a restart is also how a corrected stratus.yaml takes effect.
 */
public final class UnavailableOfferings {
  private final Clock clock;
  private final Duration baseTtl;
  private final Duration maxTtl;
  private final Map<OfferingKey, Entry> entries = new ConcurrentHashMap<>();
  private final Map<OfferingKey, Dropped> dropped = new ConcurrentHashMap<>();

  /** Why an offering was dropped. */
  private enum Dropped {
    UNSUPPORTED,
    INVALID
  }

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

  /**
   * The offering cannot launch as configured: skipped from now on, never probed. True the first
   * time, so that the caller says so once.
   */
  public boolean markUnsupported(OfferingKey key) {
    entries.remove(key);
    return dropped.putIfAbsent(key, Dropped.UNSUPPORTED) == null;
  }

  /** A node of the offering registered short of its pool: never tried again while this runs. */
  public void markInvalid(OfferingKey key) {
    entries.remove(key);
    dropped.put(key, Dropped.INVALID);
  }

  /** Offerings marked unsupported, for status and tests. */
  public Set<OfferingKey> unsupported() {
    return droppedAs(Dropped.UNSUPPORTED);
  }

  /** Offerings marked invalid, for status and tests. */
  public Set<OfferingKey> invalid() {
    return droppedAs(Dropped.INVALID);
  }

  private Set<OfferingKey> droppedAs(Dropped why) {
    Set<OfferingKey> out = new HashSet<>();
    dropped.forEach(
        (k, v) -> {
          if (v == why) {
            out.add(k);
          }
        });
    return Set.copyOf(out);
  }

  /** A successful launch clears the offering's record. */
  public void markAvailable(OfferingKey key) {
    entries.remove(key);
  }

  /** Offerings inside their TTL, and dropped ones: not to be used at all. */
  public Set<OfferingKey> current() {
    Set<OfferingKey> out = select(true);
    out.addAll(dropped.keySet());
    return out;
  }

  /** Offerings past their TTL that have not proved themselves since. */
  public Set<OfferingKey> probing() {
    Set<OfferingKey> out = select(false);
    out.removeAll(dropped.keySet());
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
