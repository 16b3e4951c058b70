package dev.stratus.provider.azure;

import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.RetryStrategy;
import java.time.Duration;

/**
 * Retries a throttled (429) or failed (5xx) poll of an ARM long-running operation, no sooner than
 * its {@code Retry-After} ({@code RetryPolicy} reads the header). It is needed because the SDK's
 * poller, with no retry policy in the pipeline, ends the whole operation Failed on any poll answer
 * but 200, 201 and 202, although ARM goes on creating the VM; retrying the call instead would PUT
 * the VM again. Only GETs of {@code .../operations/...} are retried, so every other call is still
 * retried once, by {@code ProviderCalls}. A {@code Retry-After} beyond {@code maxRetryAfter} is not
 * waited for: the operation fails as throttled, carrying it, and the launch is deferred (its VM is
 * found by name on the next try).
 */
record ArmPollRetry(int maxRetries, Duration backoff, Duration maxRetryAfter)
    implements RetryStrategy {
  @Override
  public int getMaxRetries() {
    return maxRetries;
  }

  @Override
  public Duration calculateRetryDelay(int retryAttempts) {
    return backoff.multipliedBy(1L << Math.min(retryAttempts, 10));
  }

  @Override
  public boolean shouldRetry(HttpResponse response) {
    var request = response.getRequest();
    int status = response.getStatusCode();
    boolean poll =
        request.getHttpMethod() == HttpMethod.GET
            && request.getUrl().getPath().contains("/operations/");
    boolean retryable = status == 429 || (status >= 500 && status != 501 && status != 505);
    return poll
        && retryable
        && AzureErrors.retryAfter(response.getHeaders()).compareTo(maxRetryAfter) <= 0;
  }

  @Override
  public boolean shouldRetryException(Throwable throwable) {
    return false;
  }
}
