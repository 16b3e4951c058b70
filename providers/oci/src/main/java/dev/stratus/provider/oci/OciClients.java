package dev.stratus.provider.oci;

import com.oracle.bmc.ClientConfiguration;
import com.oracle.bmc.auth.AbstractAuthenticationDetailsProvider;
import com.oracle.bmc.common.RegionalClientBuilder;
import com.oracle.bmc.core.ComputeClient;
import com.oracle.bmc.core.VirtualNetworkClient;
import com.oracle.bmc.retrier.RetryConfiguration;
import com.oracle.bmc.util.CircuitBreakerUtils;

/**
 * The Compute and Virtual Network clients, built on first use (an instance principal asks the
 * metadata service, which read-only commands off OCI must not need). The SDK's own retries and its
 * circuit breaker are off: {@code ProviderCalls} retries and guards, so each retry is counted once.
 * Every call has the settings' timeout. Thread-safe: the SDK clients are.
 */
final class OciClients implements AutoCloseable {
  private final OciSettings settings;
  private ComputeClient compute;
  private VirtualNetworkClient network;

  OciClients(OciSettings settings) {
    this.settings = settings;
  }

  synchronized ComputeClient compute() {
    if (compute == null) {
      compute = configure(ComputeClient.builder()).build(auth());
    }
    return compute;
  }

  synchronized VirtualNetworkClient network() {
    if (network == null) {
      network = configure(VirtualNetworkClient.builder()).build(auth());
    }
    return network;
  }

  private AbstractAuthenticationDetailsProvider auth() {
    return (AbstractAuthenticationDetailsProvider) settings.auth().provider();
  }

  private <B extends RegionalClientBuilder<B, ?>> B configure(B builder) {
    int timeout = (int) settings.callTimeout().toMillis();
    builder.configuration(
        ClientConfiguration.builder()
            .retryConfiguration(RetryConfiguration.NO_RETRY_CONFIGURATION)
            .circuitBreakerConfiguration(CircuitBreakerUtils.getNoCircuitBreakerConfiguration())
            .connectionTimeoutMillis(timeout)
            .readTimeoutMillis(timeout)
            .build());
    if (settings.endpoint().isPresent()) {
      builder.endpoint(settings.endpoint().get().toString());
    } else {
      builder.region(settings.region());
    }
    return builder;
  }

  @Override
  public synchronized void close() {
    if (compute != null) {
      compute.close();
    }
    if (network != null) {
      network.close();
    }
  }
}
