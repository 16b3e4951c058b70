package dev.stratus.provider.lambda;

import dev.stratus.api.resilience.ProviderCalls;
import java.util.function.Function;

/**
 * Every Lambda call of the provider, through {@link ProviderCalls} (rate limit per API, breaker per
 * region, retries of throttled and transient errors) and translated by {@link LambdaErrors}. Calls
 * not about one region (listing, terminating) use the breaker of {@value #ACCOUNT}.
 */
record LambdaApi(LambdaClient client, ProviderCalls calls) {
  static final String ACCOUNT = "account";

  <T> T call(String region, String api, Function<LambdaClient, T> call) {
    return calls.call(region, api, () -> call.apply(client), LambdaErrors::translate);
  }

  <T> T call(String api, Function<LambdaClient, T> call) {
    return call(ACCOUNT, api, call);
  }
}
