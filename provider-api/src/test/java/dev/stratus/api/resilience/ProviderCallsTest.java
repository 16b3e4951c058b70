package dev.stratus.api.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.core.exception.AcquirePermissionCancelledException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

class ProviderCallsTest {
  /** Stands in for an SDK exception carrying the cloud's error code. */
  static final class CloudException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String code;

    CloudException(String code) {
      super("cloud said " + code);
      this.code = code;
    }
  }

  static final Function<Exception, ProviderError> TRANSLATE =
      e -> {
        String code = ((CloudException) e).code;
        return switch (code) {
          case "RequestLimitExceeded" -> new ProviderError.Throttled(code, e.getMessage());
          case "InsufficientInstanceCapacity" ->
              new ProviderError.InsufficientCapacity(code, e.getMessage());
          default -> new ProviderError.Transient(code, e.getMessage());
        };
      };

  final ProviderCalls calls = new ProviderCalls("aws", ResilienceSettings.fast());
  final AtomicInteger attempts = new AtomicInteger();

  @Test
  void throttledCallsAreRetriedUntilTheySucceed() {
    String result =
        calls.call(
            "us-east-1",
            "RunInstances",
            () -> {
              if (attempts.incrementAndGet() < 3) {
                throw new CloudException("RequestLimitExceeded");
              }
              return "ok";
            },
            TRANSLATE);

    assertThat(result).isEqualTo("ok");
    assertThat(attempts).hasValue(3);
  }

  @Test
  void capacityErrorsAreNotRetriedAndKeepTheCloudsCode() {
    assertThatThrownBy(
            () ->
                calls.call(
                    "us-east-1",
                    "RunInstances",
                    () -> {
                      attempts.incrementAndGet();
                      throw new CloudException("InsufficientInstanceCapacity");
                    },
                    TRANSLATE))
        .isInstanceOfSatisfying(
            ProviderException.class,
            e ->
                assertThat(e.error())
                    .isEqualTo(
                        new ProviderError.InsufficientCapacity(
                            "InsufficientInstanceCapacity",
                            "cloud said InsufficientInstanceCapacity")));
    assertThat(attempts).hasValue(1);
  }

  @Test
  void retriesEndWithTheLastErrorOnceSpent() {
    assertThatThrownBy(
            () ->
                calls.call(
                    "eu-west-1",
                    "DescribeInstances",
                    () -> {
                      attempts.incrementAndGet();
                      throw new CloudException("RequestLimitExceeded");
                    },
                    TRANSLATE))
        .isInstanceOfSatisfying(
            ProviderException.class,
            e -> assertThat(e.error().code()).isEqualTo("RequestLimitExceeded"));
    assertThat(attempts).hasValue(ResilienceSettings.fast().maxAttempts());
  }

  @Test
  void aThrottledAnswerWithRetryAfterIsRetriedNoSoonerThanTheServerAsked() {
    List<Long> attemptedAt = new ArrayList<>();

    String result =
        calls.call(
            "eastus",
            "VirtualMachines.CreateOrUpdate",
            () -> {
              attemptedAt.add(System.nanoTime());
              if (attemptedAt.size() == 1) {
                throw new ProviderException(
                    new ProviderError.Throttled(
                        "TooManyRequests", "throttled", Duration.ofMillis(400)));
              }
              return "ok";
            },
            TRANSLATE);

    assertThat(result).isEqualTo("ok");
    assertThat(Duration.ofNanos(attemptedAt.get(1) - attemptedAt.get(0)))
        .isGreaterThanOrEqualTo(Duration.ofMillis(400));
  }

  @Test
  void aRetryAfterBeyondTheCapEndsTheCallAndLeavesTheApiAloneUntilItIsUp() {
    MutableClock clock = MutableClock.of(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);
    ProviderCalls held = new ProviderCalls("azure", ResilienceSettings.fast(), clock);
    Callable<String> throttled =
        () -> {
          attempts.incrementAndGet();
          throw new ProviderException(
              new ProviderError.Throttled(
                  "SubscriptionRequestsThrottled", "throttled", Duration.ofSeconds(45)));
        };
    Callable<String> fine =
        () -> {
          attempts.incrementAndGet();
          return "ok";
        };

    assertThatThrownBy(() -> held.call("eastus", "VirtualMachines.List", throttled, TRANSLATE))
        .isInstanceOfSatisfying(
            ProviderException.class,
            e ->
                assertThat(((ProviderError.Throttled) e.error()).retryAfter())
                    .isEqualTo(Duration.ofSeconds(45)));
    assertThat(attempts).hasValue(1);

    clock.add(Duration.ofSeconds(30));
    assertThatThrownBy(() -> held.call("eastus", "VirtualMachines.List", fine, TRANSLATE))
        .isInstanceOfSatisfying(
            ProviderException.class,
            e -> {
              assertThat(e.error().code()).isEqualTo("SubscriptionRequestsThrottled");
              assertThat(((ProviderError.Throttled) e.error()).retryAfter())
                  .isEqualTo(Duration.ofSeconds(15));
            });
    assertThat(attempts).hasValue(1);
    assertThat(held.call("eastus", "VirtualMachines.Get", fine, TRANSLATE)).isEqualTo("ok");

    clock.add(Duration.ofSeconds(15));
    assertThat(held.call("eastus", "VirtualMachines.List", fine, TRANSLATE)).isEqualTo("ok");
  }

  @Test
  void aRegionFailingOverAndOverOpensItsBreakerAndCallsStopReachingTheCloud() {
    for (int i = 0; i < 3; i++) {
      try {
        calls.call(
            "ap-south-1",
            "DescribeInstances",
            () -> {
              attempts.incrementAndGet();
              throw new CloudException("InternalError");
            },
            TRANSLATE);
      } catch (ProviderException expected) {
        // each call retries and fails
      }
    }
    assertThat(calls.breakerState("ap-south-1")).isEqualTo(CircuitBreaker.State.OPEN);
    int before = attempts.get();

    assertThatThrownBy(
            () ->
                calls.call(
                    "ap-south-1",
                    "DescribeInstances",
                    () -> {
                      attempts.incrementAndGet();
                      return "never";
                    },
                    TRANSLATE))
        .isInstanceOfSatisfying(
            ProviderException.class, e -> assertThat(e.error().code()).isEqualTo("CircuitOpen"));
    assertThat(attempts).hasValue(before);
    assertThat(calls.breakerState("us-east-1")).isEqualTo(CircuitBreaker.State.CLOSED);
  }

  @Test
  void aCallWhoseThreadIsInterruptedEndsInterruptedUntranslatedUnretriedAndUncounted() {
    List<Exception> translated = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      try {
        calls.call(
            "us-east-1",
            "CreateTags",
            () -> {
              attempts.incrementAndGet();
              Thread.currentThread().interrupt(); // abandoned: the SDK call fails as it stops
              throw new IOException("Unexpected end of file from server");
            },
            e -> {
              translated.add(e);
              return TRANSLATE.apply(e);
            });
      } catch (ProviderException e) {
        assertThat(e.error().code()).isEqualTo(ProviderCalls.INTERRUPTED);
        assertThat(e.error().message()).contains("abandoned");
        assertThat(Thread.interrupted()).as("the thread stays interrupted").isTrue();
      }
    }

    assertThat(attempts).as("never retried").hasValue(10);
    assertThat(translated).as("not the cloud's answer").isEmpty();
    assertThat(calls.breakerState("us-east-1")).isEqualTo(CircuitBreaker.State.CLOSED);
  }

  @Test
  void aRateLimiterWaitCutShortByAnInterruptIsAnInterruptionNotAnUnexpectedError() {
    assertThat(
            ProviderCalls.interruption(
                new AcquirePermissionCancelledException(
                    "Thread was interrupted while waiting for a permission")))
        .isTrue();
    assertThat(ProviderCalls.interruption(new SocketTimeoutException("Read timed out")))
        .as("a read timeout is a network failure")
        .isFalse();
  }
}
