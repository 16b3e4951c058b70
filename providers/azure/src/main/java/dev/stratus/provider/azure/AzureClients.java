package dev.stratus.provider.azure;

import com.azure.core.http.HttpPipeline;
import com.azure.core.http.HttpPipelineBuilder;
import com.azure.core.http.policy.AddDatePolicy;
import com.azure.core.http.policy.RequestIdPolicy;
import com.azure.core.http.policy.RetryPolicy;
import com.azure.core.http.policy.UserAgentPolicy;
import com.azure.core.management.AzureEnvironment;
import com.azure.core.management.http.policy.ArmChallengeAuthenticationPolicy;
import com.azure.core.management.profile.AzureProfile;
import com.azure.resourcemanager.compute.ComputeManager;
import com.azure.resourcemanager.compute.fluent.ComputeManagementClient;
import com.azure.resourcemanager.network.NetworkManager;
import com.azure.resourcemanager.network.fluent.NetworkManagementClient;
import com.azure.resourcemanager.resources.ResourceManager;
import com.azure.resourcemanager.resources.fluent.ResourceManagementClient;
import dev.stratus.api.resilience.ResilienceSettings;
import java.util.HashMap;
import java.util.Map;

/**
 * The generated ARM clients over one hand-built pipeline: user agent, request id, date, bearer
 * token — and a retry policy for long-running-operation polls only ({@link ArmPollRetry}): {@code
 * ProviderCalls} owns every other retry (an SDK retry inside ours would multiply the attempts and
 * hide throttling from the circuit breaker).
 */
record AzureClients(
    ComputeManagementClient compute,
    NetworkManagementClient network,
    ResourceManagementClient resources) {

  static AzureClients connect(
      AzureSettings s, AzureConnection connection, ResilienceSettings resilience) {
    String base = s.endpoint().toString();
    String scope = s.endpoint().resolve("/.default").toString();
    HttpPipeline pipeline =
        new HttpPipelineBuilder()
            .httpClient(connection.httpClient())
            .policies(
                new UserAgentPolicy("stratus-azure"),
                new RequestIdPolicy(),
                new AddDatePolicy(),
                new RetryPolicy(
                    new ArmPollRetry(
                        resilience.maxAttempts(),
                        resilience.initialBackoff(),
                        resilience.maxRetryAfter())),
                new ArmChallengeAuthenticationPolicy(connection.credential(), scope))
            .build();
    Map<String, String> endpoints = new HashMap<>(AzureEnvironment.AZURE.getEndpoints());
    endpoints.put("resourceManagerEndpointUrl", base);
    endpoints.put("managementEndpointUrl", base);
    AzureProfile profile =
        new AzureProfile(
            s.servicePrincipal().map(AzureSettings.ServicePrincipal::tenantId).orElse(null),
            s.subscriptionId(),
            new AzureEnvironment(endpoints));
    return new AzureClients(
        ComputeManager.authenticate(pipeline, profile).serviceClient(),
        NetworkManager.authenticate(pipeline, profile).serviceClient(),
        ResourceManager.authenticate(pipeline, profile)
            .withSubscription(s.subscriptionId())
            .serviceClient());
  }
}
