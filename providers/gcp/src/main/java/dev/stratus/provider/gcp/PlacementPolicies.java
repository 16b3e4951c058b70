package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.DeleteResourcePolicyRequest;
import com.google.cloud.compute.v1.InsertResourcePolicyRequest;
import com.google.cloud.compute.v1.ResourcePolicy;
import com.google.cloud.compute.v1.ResourcePolicyGroupPlacementPolicy;
import dev.stratus.core.resilience.ProviderCalls;
import dev.stratus.core.spi.LaunchRequest;

/**
 * Compact placement policies ({@code groupPlacementPolicy.collocation = COLLOCATED}): one per
 * multi-node launch, named from its client token so a repeated launch finds the same policy.
 * Creating one that exists (409) is success. A policy can be deleted only when no instance uses it,
 * so {@link #release} is best effort.
 */
final class PlacementPolicies {
  private final GcpSettings settings;
  private final GcpClients clients;
  private final ProviderCalls calls;

  PlacementPolicies(GcpSettings settings, GcpClients clients, ProviderCalls calls) {
    this.settings = settings;
    this.clients = clients;
    this.calls = calls;
  }

  /** The policy's name, created if needed. */
  String ensure(LaunchRequest r, int vmCount) {
    String name = InstanceNames.policyName(r.clientToken());
    ResourcePolicy policy =
        ResourcePolicy.newBuilder()
            .setName(name)
            .setDescription("stratus compact placement for " + r.cluster() + "/" + r.pool())
            .setGroupPlacementPolicy(
                ResourcePolicyGroupPlacementPolicy.newBuilder()
                    .setCollocation("COLLOCATED")
                    .setVmCount(vmCount))
            .build();
    InsertResourcePolicyRequest request =
        InsertResourcePolicyRequest.newBuilder()
            .setProject(settings.project())
            .setRegion(settings.region())
            .setRequestId(InstanceNames.requestId(r.clientToken(), "resourcePolicy"))
            .setResourcePolicyResource(policy)
            .build();
    calls.call(
        settings.region(),
        "resourcePolicies.insert",
        () -> {
          try {
            return Operations.await(clients.policies.insertAsync(request));
          } catch (Exception e) {
            if (GcpErrors.alreadyExists(e)) {
              return null;
            }
            throw e;
          }
        },
        GcpErrors::translate);
    return name;
  }

  /** Deletes the policy if nothing uses it; any failure is ignored (it costs nothing). */
  void release(String name) {
    DeleteResourcePolicyRequest request =
        DeleteResourcePolicyRequest.newBuilder()
            .setProject(settings.project())
            .setRegion(settings.region())
            .setResourcePolicy(name)
            .build();
    try {
      calls.call(
          settings.region(),
          "resourcePolicies.delete",
          () -> Operations.accepted(clients.policies.deleteAsync(request)),
          GcpErrors::translate);
    } catch (RuntimeException e) {
      // in use, already gone, or unreachable: a leftover policy costs nothing
    }
  }
}
