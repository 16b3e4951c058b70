package dev.stratus.provider.azure;

import com.azure.core.util.Context;
import com.azure.resourcemanager.compute.fluent.models.CapacityReservationGroupInner;
import com.azure.resourcemanager.compute.fluent.models.CapacityReservationInner;
import java.util.ArrayList;
import java.util.List;

/**
 * The reads behind {@code reservations()}: the capacity reservation groups of the resource group,
 * then the reservations of each (two ARM calls and one per group, every page followed), each
 * through {@link ArmCalls#call}.
 */
final class ArmReservationCalls {
  private final ArmCalls arm;
  private final AzureClients clients;
  private final String resourceGroup;

  ArmReservationCalls(ArmCalls arm, AzureClients clients, String resourceGroup) {
    this.arm = arm;
    this.clients = clients;
    this.resourceGroup = resourceGroup;
  }

  List<CapacityReservationInner> all() {
    List<CapacityReservationInner> all = new ArrayList<>();
    for (CapacityReservationGroupInner g : groups()) {
      all.addAll(
          arm.call(
              "CapacityReservations.ListByCapacityReservationGroup",
              () -> {
                List<CapacityReservationInner> in = new ArrayList<>();
                clients
                    .compute()
                    .getCapacityReservations()
                    .listByCapacityReservationGroup(resourceGroup, g.name(), Context.NONE)
                    .forEach(in::add);
                return in;
              }));
    }
    return all;
  }

  private List<CapacityReservationGroupInner> groups() {
    return arm.call(
        "CapacityReservationGroups.ListByResourceGroup",
        () -> {
          List<CapacityReservationGroupInner> all = new ArrayList<>();
          clients
              .compute()
              .getCapacityReservationGroups()
              .listByResourceGroup(resourceGroup, null, Context.NONE)
              .forEach(all::add);
          return all;
        });
  }
}
