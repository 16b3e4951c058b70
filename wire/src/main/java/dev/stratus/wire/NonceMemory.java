package dev.stratus.wire;

import java.util.HashMap;
import java.util.Map;

/**
 * The nonces of accepted requests, each kept until its request's timestamp leaves the window (a
 * request can only be replayed while its timestamp is accepted). Bounded: when {@code max} nonces
 * are live, expired ones are dropped first; if none has expired the new request is refused rather
 * than a live nonce forgotten, which would open a replay.
 */
final class NonceMemory {
  enum Outcome {
    FRESH,
    SEEN,
    FULL
  }

  private final int max;
  private final Map<String, Long> expiresAt = new HashMap<>();

  NonceMemory(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("max nonces must be >= 1, got " + max);
    }
    this.max = max;
  }

  /** Remembers {@code nonce} until {@code until} (Unix seconds); {@code now} in the same unit. */
  synchronized Outcome remember(String nonce, long until, long now) {
    Long known = expiresAt.get(nonce);
    if (known != null && known >= now) {
      return Outcome.SEEN;
    }
    if (expiresAt.size() >= max) {
      expiresAt.values().removeIf(t -> t < now);
      if (expiresAt.size() >= max) {
        return Outcome.FULL;
      }
    }
    expiresAt.put(nonce, until);
    return Outcome.FRESH;
  }

  synchronized int size() {
    return expiresAt.size();
  }
}
