package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.DeleteResourcePolicyRequest;
import com.google.cloud.compute.v1.InsertResourcePolicyRequest;
import com.google.cloud.compute.v1.ResourcePolicy;
import com.google.cloud.compute.v1.ResourcePolicyGroupPlacementPolicy;
import dev.stratus.api.model.Instance;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.LaunchRequest;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compact placement policies ({@code groupPlacementPolicy.collocation = COLLOCATED}): one per
 * multi-node launch, named from its client token so a repeated launch finds the same policy, and
 * described as {@value #DESCRIPTION}{@code <cluster>/<pool>} (resource policies carry no labels, so
 * the description is how a sweep knows its own cluster's). Creating one that exists (409) is
 * success. A policy can be deleted only when no instance uses it, so {@link #release} is best
 * effort, and the policy of a launch that succeeded outlives its instances: {@link #sweep} (the
 * controller's garbage collection) deletes those, since each region allows only so many policies.
 * Thread-safe: launches on other threads create and use policies while a sweep runs.
 */
final class PlacementPolicies {
  static final String DESCRIPTION = "stratus compact placement for ";

  /** A policy younger than this may belong to a launch (of any process) not yet using it. */
  static final Duration SWEEP_AFTER = Duration.ofMinutes(10);

  private final GcpSettings settings;
  private final GcpClients clients;
  private final ProviderCalls calls;
  private final Set<String> inUse = ConcurrentHashMap.newKeySet();

  PlacementPolicies(GcpSettings settings, GcpClients clients, ProviderCalls calls) {
    this.settings = settings;
    this.clients = clients;
    this.calls = calls;
  }

  /** The policy's name, created if needed; kept from sweeps until {@link #done}. */
  String ensure(LaunchRequest r, int vmCount) {
    String name = InstanceNames.policyName(r.clientToken());
    inUse.add(name);
    ResourcePolicy policy =
        ResourcePolicy.newBuilder()
            .setName(name)
            .setDescription(DESCRIPTION + r.cluster() + "/" + r.pool())
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
    try {
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
    } catch (RuntimeException e) {
      inUse.remove(name);
      throw e;
    }
    return name;
  }

  /** The launch that ensured the policy is over: from now on only its instances keep it. */
  void done(String name) {
    inUse.remove(name);
  }

  /**
   * Deletes the policies described as this cluster's that no launch of this process uses, no
   * instance of {@code live} was launched with, and that are older than {@link #SWEEP_AFTER}; one
   * an instance still uses is refused by Compute Engine and left for a later sweep.
   */
  void sweep(String cluster, List<Instance> live, Instant now) {
    Set<String> used = new HashSet<>();
    live.forEach(i -> i.clientToken().ifPresent(t -> used.add(InstanceNames.policyName(t))));
    for (ResourcePolicy p : list()) {
      if (p.getDescription().startsWith(DESCRIPTION + cluster + "/")
          && p.getName().startsWith(InstanceNames.POLICY_PREFIX)
          && !used.contains(p.getName())
          && !inUse.contains(p.getName())
          && old(p.getCreationTimestamp(), now)) {
        release(p.getName());
      }
    }
  }

  private List<ResourcePolicy> list() {
    return calls.call(
        settings.region(),
        "resourcePolicies.list",
        () -> {
          List<ResourcePolicy> all = new ArrayList<>();
          clients
              .policies
              .list(settings.project(), settings.region())
              .iterateAll()
              .forEach(all::add);
          return all;
        },
        GcpErrors::translate);
  }

  private static boolean old(String created, Instant now) {
    try {
      return OffsetDateTime.parse(created).toInstant().plus(SWEEP_AFTER).isBefore(now);
    } catch (DateTimeParseException e) {
      return false;
    }
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
