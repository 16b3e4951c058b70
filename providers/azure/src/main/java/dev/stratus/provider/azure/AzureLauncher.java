package dev.stratus.provider.azure;

import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeUserData;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One launch: one PUT per node, in parallel, each VM named from (cluster, token, node) so that a
 * repeated launch finds — and a retried PUT updates — the VM of the first. Multi-node launches
 * share a proximity placement group. With {@code allOrNothing}, any failed node deletes every VM of
 * the launch and the placement group before the failure is reported.
 */
final class AzureLauncher {
  private final ArmCalls arm;
  private final AzureSettings s;
  private final Clock clock;
  private final VmMapping.ReservationNames reservations;

  private final boolean wantsCredential;

  AzureLauncher(
      ArmCalls arm, AzureSettings settings, Clock clock, VmMapping.ReservationNames reservations) {
    this.arm = arm;
    this.s = settings;
    this.clock = clock;
    this.reservations = reservations;
    this.wantsCredential = VmSpec.wantsCredential(settings);
  }

  /** Whether the user-data has the wrapping-token slot (decoded once, not per launch). */
  boolean wantsCredential() {
    return wantsCredential;
  }

  LaunchResult launch(LaunchRequest req) {
    OfferingKey key = req.offering().key();
    Optional<String> uncredentialed = VmSpec.nodeWithoutCredential(wantsCredential, req);
    if (uncredentialed.isPresent()) {
      return LaunchResult.failure(
          key,
          req.nodeNames(),
          new ProviderError.InvalidRequest(
              "NoNodeCredential", NodeUserData.missingCredential(uncredentialed.get())));
    }
    if (key.capacityType() == CapacityType.RESERVED
        && ArmReservationMapping.groupArmId(key.reservation()).isEmpty()) {
      return LaunchResult.failure(
          key,
          req.nodeNames(),
          new ProviderError.InvalidRequest(
              "NotAReservation", VmSpec.notAReservation(key.reservation()).getMessage()));
    }
    try {
      return attempt(req, key);
    } catch (ProviderException e) {
      return LaunchResult.failure(key, req.nodeNames(), forOffering(e.error(), key));
    } catch (RuntimeException e) {
      return LaunchResult.failure(key, req.nodeNames(), AzureErrors.translate(e));
    }
  }

  /**
   * For a spot VM, {@code SkuNotAvailable} also means that the location has no spot capacity for
   * the size now (ARM's own guide to the error says both): capacity, to be tried again after a
   * while, not an offering to drop.
   */
  static ProviderError forOffering(ProviderError error, OfferingKey key) {
    if (key.capacityType() == CapacityType.RESERVED && refusedByReservation(error)) {
      return new ProviderError.ReservationClosed(error.code(), error.message(), key.reservation());
    }
    if (key.capacityType() == CapacityType.SPOT
        && error instanceof ProviderError.OfferingUnsupported u
        && u.code().equals("SkuNotAvailable")) {
      return new ProviderError.InsufficientCapacity(u.code(), u.message());
    }
    return error;
  }

  /**
   * What ARM answers a VM PUT into a reservation that cannot take it: the group is gone ({@code
   * CapacityReservationGroupNotFound}, or a plain not-found), the reservation is not taking VMs
   * (not provisioned, outside a Block's schedule, no reservation of the size: {@code
   * OperationNotAllowed}), or it is full (a Block cannot be overallocated: an allocation failure).
   */
  private static boolean refusedByReservation(ProviderError error) {
    return error instanceof ProviderError.InsufficientCapacity
        || AzureErrors.RESERVATION_CLOSED.contains(error.code())
        || (error instanceof ProviderError.InvalidRequest
            && error.code().equals("OperationNotAllowed"));
  }

  private LaunchResult attempt(LaunchRequest req, OfferingKey key) {
    Map<String, VirtualMachineInner> existing = existing(req);
    Optional<String> ppgName =
        req.nodeNames().size() > 1
            ? Optional.of(AzureNames.placementGroupName(req.cluster(), req.clientToken()))
            : Optional.empty();
    Optional<String> ppgId =
        ppgName.map(
            n ->
                arm.putPlacementGroup(
                    n, Optional.of(key.zone()).filter(z -> !z.isEmpty()), placementTags(req)));
    Map<String, Outcome> outcomes = new LinkedHashMap<>();
    List<String> missing = new ArrayList<>();
    for (String node : req.nodeNames()) {
      VirtualMachineInner vm = existing.get(node);
      if (vm != null && !"Failed".equalsIgnoreCase(vm.provisioningState())) {
        outcomes.put(node, new Outcome(vmName(req, node), Optional.of(vm), null));
      } else {
        missing.add(node);
      }
    }
    outcomes.putAll(createAll(req, key, missing, ppgId));

    // ARM keeps a VM whose allocation failed (provisioningState Failed) with its NIC: delete it.
    outcomes.values().stream().filter(o -> o.error != null).forEach(o -> safeDelete(o.vmName));
    List<Outcome> failed = outcomes.values().stream().filter(o -> o.error != null).toList();
    if (failed.isEmpty()) {
      return LaunchResult.success(instances(outcomes));
    }
    if (req.allOrNothing()) {
      outcomes.values().stream().filter(o -> o.error == null).forEach(o -> safeDelete(o.vmName));
      ppgName.ifPresent(this::safeDeletePlacementGroup);
      return LaunchResult.failure(key, req.nodeNames(), mostTelling(failed));
    }
    Map<ProviderError, List<String>> byError = new LinkedHashMap<>();
    outcomes.forEach(
        (node, o) -> {
          if (o.error != null) {
            byError.computeIfAbsent(o.error, e -> new ArrayList<>()).add(node);
          }
        });
    List<LaunchResult.Failure> failures = new ArrayList<>();
    byError.forEach((e, nodes) -> failures.add(new LaunchResult.Failure(key, nodes, e)));
    return new LaunchResult(instances(outcomes), failures);
  }

  private Map<String, String> placementTags(LaunchRequest req) {
    Map<String, String> tags = new LinkedHashMap<>(req.tags());
    tags.put(AzurePlacementGroups.CREATED_TAG, clock.instant().toString());
    return tags;
  }

  /** VMs of an earlier launch with this token, by node name. */
  private Map<String, VirtualMachineInner> existing(LaunchRequest req) {
    Map<String, VirtualMachineInner> byNode = new LinkedHashMap<>();
    for (VirtualMachineInner vm : arm.listVms()) {
      Map<String, String> t = vm.tags() == null ? Map.of() : vm.tags();
      if (req.cluster().equals(t.get(Tags.CLUSTER))
          && req.clientToken().equals(t.get(Tags.TOKEN))
          && t.get(Tags.NODE) != null
          && !"Deleting".equalsIgnoreCase(vm.provisioningState())) {
        byNode.put(t.get(Tags.NODE), vm);
      }
    }
    return byNode;
  }

  private Map<String, Outcome> createAll(
      LaunchRequest req, OfferingKey key, List<String> nodes, Optional<String> ppgId) {
    Map<String, Outcome> result = new LinkedHashMap<>();
    if (nodes.isEmpty()) {
      return result;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(nodes.size(), 16));
    try {
      Map<String, Future<VirtualMachineInner>> futures = new LinkedHashMap<>();
      for (String node : nodes) {
        var body = VmSpec.build(s, key, node, req.tagsFor(node), ppgId, req.credential(node));
        futures.put(node, pool.submit(() -> arm.createVm(vmName(req, node), body)));
      }
      futures.forEach((node, f) -> result.put(node, outcome(vmName(req, node), f, key)));
    } finally {
      pool.shutdown();
    }
    return result;
  }

  private static Outcome outcome(String vmName, Future<VirtualMachineInner> f, OfferingKey key) {
    try {
      return new Outcome(vmName, Optional.of(f.get()), null);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      ProviderError err =
          c instanceof ProviderException pe
              ? forOffering(pe.error(), key)
              : AzureErrors.translate(c instanceof Exception ex ? ex : new RuntimeException(c));
      return new Outcome(vmName, Optional.empty(), err);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome(
          vmName,
          Optional.empty(),
          new ProviderError.Transient("Interrupted", "launch interrupted"));
    }
  }

  private List<Instance> instances(Map<String, Outcome> outcomes) {
    return outcomes.values().stream()
        .flatMap(o -> o.vm.stream())
        .flatMap(vm -> VmMapping.toInstance(vm, clock.instant(), reservations).stream())
        .toList();
  }

  /** A capacity error says "try another offering"; prefer it over an incidental one. */
  private static ProviderError mostTelling(List<Outcome> failed) {
    return failed.stream()
        .map(o -> o.error)
        .filter(e -> e instanceof ProviderError.InsufficientCapacity)
        .findFirst()
        .orElse(failed.get(0).error);
  }

  private void safeDelete(String vmName) {
    try {
      arm.beginDeleteVm(vmName);
    } catch (ProviderException e) {
      // The VM stays tagged; list() shows it and the controller's reaper deletes it later.
    }
  }

  private void safeDeletePlacementGroup(String name) {
    try {
      arm.deletePlacementGroup(name);
    } catch (ProviderException e) {
      // Still in use while its VMs are being deleted: the sweep removes it later.
    }
  }

  private static String vmName(LaunchRequest req, String node) {
    return AzureNames.vmName(req.cluster(), node, req.clientToken());
  }

  private record Outcome(String vmName, Optional<VirtualMachineInner> vm, ProviderError error) {}
}
