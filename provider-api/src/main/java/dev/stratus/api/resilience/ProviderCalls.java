package dev.stratus.api.resilience;

import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.api.spi.Recovery;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.core.exception.AcquirePermissionCancelledException;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.RequestNotPermitted;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.nio.channels.ClosedByInterruptException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Every cloud API call of one provider goes through here: the SDK's exception is translated into a
 * {@link ProviderError} at once (so nothing SDK-shaped escapes), then rate limited per API, guarded
 * by a circuit breaker per region, and retried with exponential random backoff when the error says
 * {@link Recovery#RETRY_LATER}. Capacity, quota and invalid-request errors are never retried here
 * and never open the breaker: they are about the offering, not the endpoint. Providers turn the
 * SDKs' own retries off so that retries are counted once.
 *
 * <p>A throttled answer that names a time ({@link ProviderError.Throttled#retryAfter}, from {@code
 * Retry-After}) is honoured: the next attempt waits at least that long when it is at most {@link
 * ResilienceSettings#maxRetryAfter}; a longer one ends the call at once with the throttled error,
 * and every call of that API in that region fails the same way, without reaching the cloud, until
 * the time is up (the controller defers the work to a later pass).
 */
public final class ProviderCalls {
  /**
   * The code of the error a call ends with when its thread was interrupted: its task was abandoned
   * past its time limit, or the controller closes. Not a cloud failure: never retried, never
   * counted by the breaker, and the thread stays interrupted so the code above it can tell.
   */
  public static final String INTERRUPTED = "Interrupted";

  private final String provider;
  private final ResilienceSettings settings;
  private final Map<String, CircuitBreaker> breakers = new ConcurrentHashMap<>();
  private final Map<String, RateLimiter> limiters = new ConcurrentHashMap<>();
  private final Map<String, Hold> holds = new ConcurrentHashMap<>();
  private final Clock clock;
  private final Retry retry;

  /** An API that a throttled answer asked us to leave alone until {@code until}. */
  private record Hold(Instant until, ProviderError.Throttled error) {}

  public ProviderCalls(String provider, ResilienceSettings settings) {
    this(provider, settings, Clock.systemUTC());
  }

  public ProviderCalls(String provider, ResilienceSettings settings, Clock clock) {
    this.provider = provider;
    this.settings = settings;
    this.clock = clock;
    IntervalFunction backoff =
        IntervalFunction.ofExponentialRandomBackoff(
            settings.initialBackoff(), settings.multiplier(), 0.5, settings.maxBackoff());
    this.retry =
        Retry.of(
            provider + "-retry",
            RetryConfig.custom()
                .maxAttempts(settings.maxAttempts())
                .intervalBiFunction(
                    (attempt, outcome) ->
                        Math.max(
                            backoff.apply(attempt),
                            outcome.isLeft() ? retryAfter(outcome.getLeft()).toMillis() : 0L))
                .retryOnException(
                    t -> retryable(t) && retryAfter(t).compareTo(settings.maxRetryAfter()) <= 0)
                .build());
  }

  /**
   * Runs {@code call} for {@code api} in {@code region}. Any exception it throws is translated with
   * {@code translate}; the result is the call's value, or a {@link ProviderException} carrying the
   * last error once retries are spent.
   */
  public <T> T call(
      String region, String api, Callable<T> call, Function<Exception, ProviderError> translate) {
    Supplier<T> attempt =
        () -> {
          try {
            return call.call();
          } catch (ProviderException e) {
            throw e;
          } catch (Exception e) {
            if (interruption(e)) {
              throw interrupted(api, e); // not the cloud's answer: nothing to translate
            }
            throw new ProviderException(translate.apply(e), e);
          }
        };
    Supplier<T> guarded =
        Retry.decorateSupplier(
            retry,
            CircuitBreaker.decorateSupplier(
                breaker(region), RateLimiter.decorateSupplier(limiter(api), attempt)));
    String held = region + " " + api;
    refuseWhileHeld(held, api);
    try {
      return guarded.get();
    } catch (RuntimeException e) {
      if (interruption(e)) {
        throw interrupted(api, e);
      }
      throw failed(e, region, held, api);
    }
  }

  /** What a call that ended with {@code e} (not an interruption) throws. */
  private RuntimeException failed(RuntimeException e, String region, String held, String api) {
    if (e instanceof ProviderException pe) {
      if (pe.error() instanceof ProviderError.Throttled t
          && t.retryAfter().compareTo(settings.maxRetryAfter()) > 0) {
        holds.put(held, new Hold(clock.instant().plus(t.retryAfter()), t));
      }
      return pe;
    }
    if (e instanceof CallNotPermittedException) {
      return new ProviderException(
          new ProviderError.Transient(
              "CircuitOpen",
              provider
                  + " "
                  + region
                  + ": too many recent failures, not calling for "
                  + settings.breakerOpenFor().toSeconds()
                  + " s"),
          e);
    }
    if (e instanceof RequestNotPermitted) {
      return new ProviderException(
          new ProviderError.Throttled(
              "ClientRateLimited", provider + " " + api + ": local rate limit reached"),
          e);
    }
    return e;
  }

  /**
   * True when the call ended because its thread was interrupted: the flag is set (the SDKs that
   * clear it say so in their own exception, which their translation maps to {@link #INTERRUPTED}),
   * the rate limiter's wait or a blocking call was interrupted. A socket's read timeout is an
   * {@link InterruptedIOException} too, and is a network failure, not an interruption.
   */
  public static boolean interruption(Throwable e) {
    if (Thread.currentThread().isInterrupted()) {
      return true;
    }
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof InterruptedException
          || t instanceof AcquirePermissionCancelledException
          || t instanceof ClosedByInterruptException
          || (t instanceof InterruptedIOException && !(t instanceof SocketTimeoutException))
          || (t instanceof ProviderException pe && pe.error().code().equals(INTERRUPTED))) {
        return true;
      }
    }
    return false;
  }

  private ProviderException interrupted(String api, Exception e) {
    Thread.currentThread().interrupt();
    return e instanceof ProviderException pe && pe.error().code().equals(INTERRUPTED)
        ? pe
        : new ProviderException(interrupted(provider + " " + api), e);
  }

  /** The error of a call interrupted in {@code where}. */
  public static ProviderError interrupted(String where) {
    return new ProviderError.Transient(
        INTERRUPTED,
        where
            + ": interrupted (its task was abandoned past its time limit, or the controller"
            + " closes)");
  }

  private void refuseWhileHeld(String held, String api) {
    Hold hold = holds.get(held);
    if (hold == null) {
      return;
    }
    Instant now = clock.instant();
    if (!now.isBefore(hold.until())) {
      holds.remove(held, hold);
      return;
    }
    ProviderError.Throttled t = hold.error();
    throw new ProviderException(
        new ProviderError.Throttled(
            t.code(),
            t.message() + "; not calling " + api + " again before " + hold.until(),
            Duration.between(now, hold.until())));
  }

  /** State of a region's breaker, for status and tests. */
  public CircuitBreaker.State breakerState(String region) {
    return breaker(region).getState();
  }

  private CircuitBreaker breaker(String region) {
    return breakers.computeIfAbsent(
        region,
        r ->
            CircuitBreaker.of(
                provider + "-" + r,
                CircuitBreakerConfig.custom()
                    .slidingWindowSize(settings.breakerWindow())
                    .minimumNumberOfCalls(Math.min(settings.breakerWindow(), 5))
                    .failureRateThreshold(settings.breakerFailureRatePercent())
                    .waitDurationInOpenState(settings.breakerOpenFor())
                    .recordException(ProviderCalls::retryable)
                    .ignoreException(ProviderCalls::interruption)
                    .build()));
  }

  private RateLimiter limiter(String api) {
    return limiters.computeIfAbsent(
        api,
        a ->
            RateLimiter.of(
                provider + "-" + a,
                RateLimiterConfig.custom()
                    .limitForPeriod(settings.callsPerSecond())
                    .limitRefreshPeriod(Duration.ofSeconds(1))
                    .timeoutDuration(settings.rateLimitWait())
                    .build()));
  }

  private static boolean retryable(Throwable t) {
    return t instanceof ProviderException pe
        && pe.error().recovery() == Recovery.RETRY_LATER
        && !interruption(pe);
  }

  private static Duration retryAfter(Throwable t) {
    return t instanceof ProviderException pe && pe.error() instanceof ProviderError.Throttled th
        ? th.retryAfter()
        : Duration.ZERO;
  }
}
