package dev.stratus.api.resilience;

import static dev.stratus.api.model.Checks.positive;

import java.time.Duration;

/**
 * How hard a provider retries and protects a cloud API. Retries use exponential random backoff
 * ({@code initialBackoff} × {@code multiplier}^n, randomised, capped at {@code maxBackoff}) for
 * throttled and transient errors only, and never sooner than a throttled answer's {@code
 * Retry-After} when that is at most {@code maxRetryAfter}; a longer one is not waited for inside
 * the call: the call fails at once and the API is left alone until the time is up, so the work goes
 * to a later pass. A circuit breaker per region opens when at least {@code
 * breakerFailureRatePercent} of the last {@code breakerWindow} calls failed that way and stays open
 * {@code breakerOpenFor}; a rate limiter per API allows {@code callsPerSecond}.
 */
public record ResilienceSettings(
    int maxAttempts,
    Duration initialBackoff,
    double multiplier,
    Duration maxBackoff,
    int callsPerSecond,
    Duration rateLimitWait,
    int breakerWindow,
    int breakerFailureRatePercent,
    Duration breakerOpenFor,
    Duration maxRetryAfter) {
  public static final ResilienceSettings DEFAULTS =
      new ResilienceSettings(
          5,
          Duration.ofMillis(500),
          2.0,
          Duration.ofSeconds(20),
          20,
          Duration.ofSeconds(10),
          20,
          50,
          Duration.ofSeconds(30),
          Duration.ofSeconds(60));

  public ResilienceSettings {
    positive("maxAttempts", maxAttempts);
    positive("callsPerSecond", callsPerSecond);
    positive("breakerWindow", breakerWindow);
    if (multiplier < 1.0) {
      throw new IllegalArgumentException("multiplier must be >= 1, got " + multiplier);
    }
    if (breakerFailureRatePercent < 1 || breakerFailureRatePercent > 100) {
      throw new IllegalArgumentException(
          "breakerFailureRatePercent must be 1..100, got " + breakerFailureRatePercent);
    }
    for (Duration d :
        new Duration[] {initialBackoff, maxBackoff, rateLimitWait, breakerOpenFor, maxRetryAfter}) {
      if (d == null || d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("resilience durations must be positive");
      }
    }
  }

  /** Millisecond backoffs: for tests against local models of the clouds. */
  public static ResilienceSettings fast() {
    return new ResilienceSettings(
        5,
        Duration.ofMillis(5),
        2.0,
        Duration.ofMillis(50),
        1000,
        Duration.ofSeconds(2),
        10,
        50,
        Duration.ofSeconds(1),
        Duration.ofSeconds(2));
  }

  /** The same settings with another cap on the {@code Retry-After} waited for inside a call. */
  public ResilienceSettings withMaxRetryAfter(Duration cap) {
    return new ResilienceSettings(
        maxAttempts,
        initialBackoff,
        multiplier,
        maxBackoff,
        callsPerSecond,
        rateLimitWait,
        breakerWindow,
        breakerFailureRatePercent,
        breakerOpenFor,
        cap);
  }
}
