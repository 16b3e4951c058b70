package dev.stratus.provider.aws;

import dev.stratus.core.resilience.ProviderCalls;
import java.util.concurrent.Callable;
import java.util.function.Function;
import software.amazon.awssdk.services.ec2.Ec2Client;

/**
 * The EC2 client behind {@link ProviderCalls}: every call is rate limited per API, guarded by the
 * region's breaker, retried when throttled or transient, and its exception translated by {@link
 * Ec2Errors}.
 */
record Ec2Api(Ec2Client ec2, ProviderCalls calls, String region) {
  <T> T call(String api, Function<Ec2Client, T> call) {
    Callable<T> c = () -> call.apply(ec2);
    return calls.call(region, api, c, Ec2Errors::translate);
  }
}
