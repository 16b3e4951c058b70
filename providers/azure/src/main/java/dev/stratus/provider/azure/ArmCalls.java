package dev.stratus.provider.azure;

import com.azure.core.http.rest.PagedResponse;
import com.azure.core.management.polling.PollResult;
import com.azure.core.util.Context;
import com.azure.core.util.polling.LongRunningOperationStatus;
import com.azure.core.util.polling.PollResponse;
import com.azure.core.util.polling.SyncPoller;
import com.azure.resourcemanager.compute.fluent.models.ProximityPlacementGroupInner;
import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import com.azure.resourcemanager.compute.models.InstanceViewTypes;
import com.azure.resourcemanager.compute.models.ProximityPlacementGroupType;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Every ARM call the provider makes, each one through {@link ProviderCalls} (rate limit per API,
 * breaker per region, our retries) and translated by {@link AzureErrors}. A "not found" is an
 * answer here ({@link Optional#empty()}, or success for a delete), never an error.
 */
final class ArmCalls {
  private final AzureClients clients;
  private final AzureSettings s;
  private final ProviderCalls calls;

  ArmCalls(AzureClients clients, AzureSettings settings, ProviderCalls calls) {
    this.clients = clients;
    this.s = settings;
    this.calls = calls;
  }

  /**
   * PUTs the VM and waits for the long-running operation to finish, then returns ARM's final GET. A
   * VM that is not provisioned within the launch timeout is a capacity failure: it is the only safe
   * reading when ARM neither allocates nor refuses.
   */
  VirtualMachineInner createVm(String name, VirtualMachineInner body) {
    return call(
        "VirtualMachines.CreateOrUpdate",
        () -> {
          SyncPoller<PollResult<VirtualMachineInner>, VirtualMachineInner> poller =
              clients
                  .compute()
                  .getVirtualMachines()
                  .beginCreateOrUpdate(s.resourceGroup(), name, body, null, null, Context.NONE)
                  .setPollInterval(s.pollInterval());
          PollResponse<PollResult<VirtualMachineInner>> last;
          try {
            last = poller.waitForCompletion(s.launchTimeout());
          } catch (RuntimeException e) {
            if (AzureErrors.hasTimeout(e)) {
              throw timeout(name);
            }
            throw e;
          }
          if (!last.getStatus().isComplete()) {
            throw timeout(name);
          }
          // A failed operation is no exception: the poll result carries ARM's status body.
          PollResult.Error failed = last.getValue() == null ? null : last.getValue().getError();
          if (last.getStatus() != LongRunningOperationStatus.SUCCESSFULLY_COMPLETED
              || failed != null) {
            throw new ProviderException(
                failed == null
                    ? new ProviderError.Transient(
                        "OperationFailed", "VM " + name + " create ended " + last.getStatus())
                    : AzureErrors.fromOperation(
                        failed.getResponseStatusCode(),
                        failed.getResponseBody(),
                        failed.getResponseHeaders()));
          }
          VirtualMachineInner vm = poller.getFinalResult();
          // A final GET answered with an error body (a 5xx, a throttle) reads as a VM with no
          // name or location: no result, so the call is retried and the PUT (same name) is
          // idempotent, rather than a launch that fails on a null field.
          if (vm == null || vm.name() == null || vm.location() == null) {
            throw new ProviderException(
                new ProviderError.Transient("NoResult", "ARM returned no VM for " + name));
          }
          return vm;
        });
  }

  Optional<VirtualMachineInner> getVm(String name, boolean instanceView) {
    return call(
        "VirtualMachines.Get",
        () -> {
          try {
            return Optional.of(
                clients
                    .compute()
                    .getVirtualMachines()
                    .getByResourceGroupWithResponse(
                        s.resourceGroup(),
                        name,
                        instanceView ? InstanceViewTypes.INSTANCE_VIEW : null,
                        Context.NONE)
                    .getValue());
          } catch (RuntimeException e) {
            if (AzureErrors.isNotFound(e)) {
              return Optional.empty();
            }
            throw e;
          }
        });
  }

  /**
   * The VM's power state ({@code deallocated}, {@code running}, ...) from its instance view; empty
   * when the VM is gone or ARM names none.
   */
  Optional<String> powerState(String name) {
    return call(
        "VirtualMachines.InstanceView",
        () -> {
          try {
            var view = clients.compute().getVirtualMachines().instanceView(s.resourceGroup(), name);
            return VmMapping.powerState(view.statuses());
          } catch (RuntimeException e) {
            if (AzureErrors.isNotFound(e)) {
              return Optional.<String>empty();
            }
            throw e;
          }
        });
  }

  /** Every VM in the resource group, following {@code nextLink} to the last page. */
  List<VirtualMachineInner> listVms() {
    return call(
        "VirtualMachines.List",
        () -> {
          List<VirtualMachineInner> all = new ArrayList<>();
          clients
              .compute()
              .getVirtualMachines()
              .listByResourceGroup(s.resourceGroup(), null, null, Context.NONE)
              .forEach(all::add);
          return all;
        });
  }

  /** The first page only: enough to prove the read permission. */
  PagedResponse<VirtualMachineInner> firstVmPage() {
    return call(
        "VirtualMachines.List",
        () ->
            clients
                .compute()
                .getVirtualMachines()
                .listByResourceGroup(s.resourceGroup(), null, null, Context.NONE)
                .iterableByPage()
                .iterator()
                .next());
  }

  /** Starts the delete (ARM answers 202 and deletes NIC and disk with the VM); 404 is success. */
  void beginDeleteVm(String name) {
    call(
        "VirtualMachines.Delete",
        () -> {
          try {
            clients
                .compute()
                .getVirtualMachines()
                .beginDelete(s.resourceGroup(), name, null, Context.NONE);
          } catch (RuntimeException e) {
            if (!AzureErrors.isNotFound(e)) {
              throw e;
            }
          }
          return null;
        });
  }

  String putPlacementGroup(String name, Optional<String> zone, Map<String, String> tags) {
    var body =
        new ProximityPlacementGroupInner()
            .withProximityPlacementGroupType(ProximityPlacementGroupType.STANDARD);
    body.withLocation(s.location()).withTags(tags);
    zone.ifPresent(z -> body.withZones(List.of(z)));
    return call(
        "ProximityPlacementGroups.CreateOrUpdate",
        () ->
            clients
                .compute()
                .getProximityPlacementGroups()
                .createOrUpdate(s.resourceGroup(), name, body)
                .id());
  }

  List<ProximityPlacementGroupInner> listPlacementGroups() {
    return call(
        "ProximityPlacementGroups.List",
        () -> {
          List<ProximityPlacementGroupInner> all = new ArrayList<>();
          clients
              .compute()
              .getProximityPlacementGroups()
              .listByResourceGroup(s.resourceGroup(), Context.NONE)
              .forEach(all::add);
          return all;
        });
  }

  /** Deletes an empty placement group; 404 is success, "in use" is the caller's to handle. */
  void deletePlacementGroup(String name) {
    call(
        "ProximityPlacementGroups.Delete",
        () -> {
          try {
            clients
                .compute()
                .getProximityPlacementGroups()
                .deleteWithResponse(s.resourceGroup(), name, Context.NONE);
          } catch (RuntimeException e) {
            if (!AzureErrors.isNotFound(e)) {
              throw e;
            }
          }
          return null;
        });
  }

  <T> T call(String api, Callable<T> call) {
    return calls.call(s.location(), api, call, AzureErrors::translate);
  }

  private ProviderException timeout(String name) {
    return new ProviderException(
        new ProviderError.InsufficientCapacity(
            "LaunchTimeout",
            "VM " + name + " was not provisioned within " + s.launchTimeout().toSeconds() + " s"));
  }
}
