package dev.stratus.provider.azure;

import com.azure.core.management.SubResource;
import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Deletes VMs, then the placement groups they were in once those are empty ({@link
 * AzurePlacementGroups}). A name ARM could not hold is skipped: nothing of ours exists under it.
 */
final class AzureTerminator {
  private final ArmCalls arm;
  private final AzurePlacementGroups groups;

  AzureTerminator(ArmCalls arm, AzurePlacementGroups groups) {
    this.arm = arm;
    this.groups = groups;
  }

  void terminate(Collection<String> vmNames) {
    Set<String> names = new LinkedHashSet<>();
    vmNames.stream().filter(AzureNames::isVmName).forEach(names::add);
    Set<String> groupIds = new LinkedHashSet<>();
    for (String name : names) {
      arm.getVm(name, false)
          .map(VirtualMachineInner::proximityPlacementGroup)
          .map(SubResource::id)
          .ifPresent(groupIds::add);
      arm.beginDeleteVm(name);
    }
    groups.deleteEmptied(groupIds, names);
  }
}
