package dev.stratus.daemon;

import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One Resilience4j rate limiter per source address, {@code perSecond} requests a second each, never
 * waiting for a permit. At most {@code maxSources} addresses are tracked; the one seen least
 * recently is forgotten first (a forgotten address starts again with a full allowance).
 */
final class SourceRates {
  private final RateLimiterConfig config;
  private final Map<String, RateLimiter> limiters;

  SourceRates(int perSecond, int maxSources) {
    this.config =
        RateLimiterConfig.custom()
            .limitForPeriod(perSecond)
            .limitRefreshPeriod(Duration.ofSeconds(1))
            .timeoutDuration(Duration.ZERO)
            .build();
    this.limiters =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<String, RateLimiter> eldest) {
            return size() > maxSources;
          }
        };
  }

  /** True when {@code source} may make one more request now. */
  boolean admit(String source) {
    RateLimiter limiter;
    synchronized (limiters) {
      limiter = limiters.computeIfAbsent(source, s -> RateLimiter.of("source " + s, config));
    }
    return limiter.acquirePermission();
  }
}
