package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.BulkInsertInstanceRequest;
import com.google.cloud.compute.v1.BulkInsertInstanceResource;
import com.google.cloud.compute.v1.BulkInsertInstanceResourcePerInstanceProperties;
import com.google.cloud.compute.v1.InsertInstanceRequest;
import com.google.cloud.compute.v1.Instance;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

/**
 * {@code launch} on Compute Engine. All-or-nothing launches of several nodes are one {@code
 * bulkInsert} with {@code count = minCount = N} (GCE creates all or rolls back), in a compact
 * placement policy when enabled; any other launch is one {@code insert} per node, so each node's
 * failure is its own. Idempotency: every request carries a {@code requestId} derived from the
 * client token (GCE answers a repeat with the first operation), and before creating anything the
 * zone is searched for instances labelled with the token. Never throws: errors are data.
 */
final class GcpLauncher {
  private final GcpSettings settings;
  private final GcpClients clients;
  private final ProviderCalls calls;
  private final GcpInstanceQueries queries;
  private final PlacementPolicies policies;
  private final InstanceSpecs specs;
  private final GcpReservations reservations;

  GcpLauncher(
      GcpSettings settings,
      GcpClients clients,
      ProviderCalls calls,
      GcpInstanceQueries queries,
      PlacementPolicies policies,
      GcpReservations reservations) {
    this.settings = settings;
    this.clients = clients;
    this.calls = calls;
    this.queries = queries;
    this.policies = policies;
    this.specs = new InstanceSpecs(settings);
    this.reservations = reservations;
  }

  LaunchResult launch(LaunchRequest r) {
    OfferingKey key = r.offering().key();
    try {
      Optional<GcpOffering> configured = GcpOffering.launching(settings.offerings(), r.offering());
      if (configured.isEmpty()) {
        return LaunchResult.failure(
            key,
            r.nodeNames(),
            new ProviderError.InvalidRequest(
                "UnknownOffering", key + " is not among providers.gcp.offerings"));
      }
      GcpOffering o = configured.get();
      GcpProvisioning how = GcpProvisioning.of(r.offering(), this::bound);
      for (String node : r.nodeNames()) {
        Optional<String> problem = InstanceNames.problem(node);
        if (problem.isPresent()) {
          return LaunchResult.failure(
              key, r.nodeNames(), new ProviderError.InvalidRequest("BadNodeName", problem.get()));
        }
      }
      Map<String, String> labels;
      try {
        labels = GcpLabels.toLabels(r.tags());
      } catch (IllegalArgumentException e) {
        return LaunchResult.failure(
            key, r.nodeNames(), new ProviderError.InvalidRequest("BadTag", e.getMessage()));
      }
      List<Instance> earlier = byToken(o, r);
      Set<String> have = nodes(earlier);
      if (!earlier.isEmpty() && have.containsAll(r.nodeNames())) {
        return LaunchResult.success(views(earlier));
      }
      if (r.allOrNothing() && r.nodeNames().size() > 1) {
        return bulk(o, how, r, labels);
      }
      if (!earlier.isEmpty()) {
        return withMissing(o, r, earlier);
      }
      return oneByOne(o, how, r, labels);
    } catch (ProviderException e) {
      return LaunchResult.failure(key, r.nodeNames(), e.error());
    } catch (RuntimeException e) {
      return LaunchResult.failure(key, r.nodeNames(), GcpErrors.translate(e));
    }
  }

  /**
   * Whether reservation {@code name} binds its VMs to a calendar window; when the reservations
   * cannot be read, GCE's answer to the launch tells.
   */
  private boolean bound(String name) {
    try {
      return reservations.find(name).map(GcpReservation::bound).orElse(false);
    } catch (ProviderException e) {
      return false;
    }
  }

  /**
   * A compact placement policy for several nodes, except in a reservation: the reservation's own
   * placement decides where its VMs run.
   */
  private LaunchResult bulk(
      GcpOffering o, GcpProvisioning how, LaunchRequest r, Map<String, String> labels) {
    int n = r.nodeNames().size();
    Optional<String> policy =
        settings.compactPlacement() && !(how instanceof GcpProvisioning.Reserved)
            ? Optional.of(policies.ensure(r, n))
            : Optional.empty();
    try {
      return bulk(o, how, r, labels, policy);
    } finally {
      policy.ifPresent(policies::done);
    }
  }

  private LaunchResult bulk(
      GcpOffering o,
      GcpProvisioning how,
      LaunchRequest r,
      Map<String, String> labels,
      Optional<String> policy) {
    int n = r.nodeNames().size();
    BulkInsertInstanceResource.Builder resource =
        BulkInsertInstanceResource.newBuilder()
            .setCount(n)
            .setMinCount(n)
            .setInstanceProperties(specs.properties(o, how, labels, policy));
    for (String node : r.nodeNames()) {
      String name = InstanceNames.instanceName(node, r.clientToken());
      resource.putPerInstanceProperties(
          name, BulkInsertInstanceResourcePerInstanceProperties.newBuilder().setName(name).build());
    }
    BulkInsertInstanceRequest request =
        BulkInsertInstanceRequest.newBuilder()
            .setProject(settings.project())
            .setZone(o.zone())
            .setRequestId(InstanceNames.requestId(r.clientToken(), "bulkInsert"))
            .setBulkInsertInstanceResourceResource(resource)
            .build();
    ProviderError error;
    try {
      calls.call(
          settings.region(),
          "instances.bulkInsert",
          () -> Operations.await(clients.instances.bulkInsertAsync(request)),
          GcpErrors::translate);
      List<Instance> created = byToken(o, r);
      if (nodes(created).containsAll(r.nodeNames())) {
        return LaunchResult.success(views(created));
      }
      error =
          new ProviderError.InsufficientCapacity(
              "BulkInsertShort",
              "bulkInsert of " + n + " finished with " + created.size() + " instances");
    } catch (ProviderException e) {
      error = e.error();
    }
    rollBack(o, r, policy);
    return LaunchResult.failure(o.key(), r.nodeNames(), error);
  }

  /** All-or-nothing: delete whatever of this launch exists, then its placement policy. */
  private void rollBack(GcpOffering o, LaunchRequest r, Optional<String> policy) {
    try {
      List<String> ids =
          byToken(o, r).stream().map(i -> InstanceNames.id(o.zone(), i.getName())).toList();
      new GcpTerminator(settings, clients, calls).terminate(ids);
      policy.ifPresent(policies::release);
    } catch (ProviderException e) {
      // The instances carry the token and cluster labels: the controller's garbage collection
      // finds and deletes them on its next pass.
    }
  }

  private LaunchResult oneByOne(
      GcpOffering o, GcpProvisioning how, LaunchRequest r, Map<String, String> labels) {
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(r.nodeNames().size(), 8));
    try {
      Map<String, CompletableFuture<ProviderError>> outcomes = new LinkedHashMap<>();
      for (String node : r.nodeNames()) {
        outcomes.put(
            node, CompletableFuture.supplyAsync(() -> insert(o, how, r, node, labels), pool));
      }
      Map<ProviderError, List<String>> failed = new LinkedHashMap<>();
      outcomes.forEach(
          (node, f) -> {
            ProviderError e = f.join();
            if (e != null) {
              failed.computeIfAbsent(e, x -> new ArrayList<>()).add(node);
            }
          });
      List<Instance> created = failed.size() == r.nodeNames().size() ? List.of() : byToken(o, r);
      List<LaunchResult.Failure> failures = new ArrayList<>();
      failed.forEach((e, nodes) -> failures.add(new LaunchResult.Failure(o.key(), nodes, e)));
      return new LaunchResult(views(created), failures);
    } finally {
      pool.shutdown();
    }
  }

  /** One node's insert, waited for; null on success, else its error. */
  private ProviderError insert(
      GcpOffering o,
      GcpProvisioning how,
      LaunchRequest r,
      String node,
      Map<String, String> labels) {
    Map<String, String> withNode = new LinkedHashMap<>(labels);
    withNode.put(GcpLabels.key(Tags.NODE), GcpLabels.value(node));
    String name = InstanceNames.instanceName(node, r.clientToken());
    InsertInstanceRequest request =
        InsertInstanceRequest.newBuilder()
            .setProject(settings.project())
            .setZone(o.zone())
            .setRequestId(InstanceNames.requestId(r.clientToken(), "insert|" + node))
            .setInstanceResource(specs.instance(o, how, name, withNode, Optional.empty()))
            .build();
    try {
      calls.call(
          settings.region(),
          "instances.insert",
          () -> Operations.await(clients.instances.insertAsync(request)),
          GcpErrors::translate);
      return null;
    } catch (ProviderException e) {
      return e.error();
    }
  }

  /** A repeated launch that is not all-or-nothing: report the earlier outcome, start nothing. */
  private LaunchResult withMissing(GcpOffering o, LaunchRequest r, List<Instance> earlier) {
    Set<String> have = nodes(earlier);
    List<String> missing = r.nodeNames().stream().filter(n -> !have.contains(n)).toList();
    return new LaunchResult(
        views(earlier),
        List.of(
            new LaunchResult.Failure(
                o.key(),
                missing,
                new ProviderError.InsufficientCapacity(
                    "NotLaunched",
                    "an earlier launch with client token "
                        + r.clientToken()
                        + " started no instance for these nodes"))));
  }

  private List<Instance> byToken(GcpOffering o, LaunchRequest r) {
    return queries.inZone(
        o.zone(), Map.of(Tags.CLUSTER, r.tags().get(Tags.CLUSTER), Tags.TOKEN, r.clientToken()));
  }

  private static Set<String> nodes(List<Instance> instances) {
    return instances.stream()
        .map(i -> InstanceNames.nodeOf(i.getName()).orElse(""))
        .collect(Collectors.toSet());
  }

  private static List<dev.stratus.api.model.Instance> views(List<Instance> instances) {
    return instances.stream().map(InstanceViews::toInstance).toList();
  }
}
