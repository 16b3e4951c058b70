package dev.stratus.provider.oci;

import com.oracle.bmc.core.ComputeClient;
import com.oracle.bmc.core.VirtualNetworkClient;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.ProviderError;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * Every OCI call of the provider, through {@link ProviderCalls} (rate limit per API, breaker per
 * region, retries of throttled and transient errors) and translated by {@link OciErrors}.
 */
record OciApi(OciClients clients, ProviderCalls calls, String region) {
  <T> T compute(String api, Function<ComputeClient, T> call) {
    return compute(api, call, OciErrors::translate);
  }

  /** With a translation of its own, for a call whose errors mean something else there. */
  <T> T compute(
      String api, Function<ComputeClient, T> call, Function<Exception, ProviderError> translate) {
    return calls.call(region, api, () -> call.apply(clients.compute()), translate);
  }

  <T> T network(String api, Function<VirtualNetworkClient, T> call) {
    return calls.call(region, api, () -> call.apply(clients.network()), OciErrors::translate);
  }

  /** A step of our own (a wait for OCI to show something) under the same retries. */
  <T> T step(String api, Callable<T> step) {
    return calls.call(region, api, step, OciErrors::translate);
  }
}
