package dev.stratus.provider.azure;

import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a VM sits, as a path of switch names from the top for Slurm's topology.conf: its zone (or
 * region), its proximity placement group (VMs in one group share a datacenter and low-latency
 * network), and, when the instance view reports it, its fault domain within the group (a fault
 * domain is a rack with its own power and top-of-rack switch).
 */
final class AzurePlacement {
  private AzurePlacement() {}

  static List<String> path(VirtualMachineInner vm) {
    List<String> path = new ArrayList<>();
    String zone = vm.zones() == null || vm.zones().isEmpty() ? "" : vm.zones().get(0);
    path.add(zone.isEmpty() ? vm.location() : vm.location() + "-" + zone);
    if (vm.proximityPlacementGroup() != null && vm.proximityPlacementGroup().id() != null) {
      String id = vm.proximityPlacementGroup().id();
      String ppg = id.substring(id.lastIndexOf('/') + 1);
      path.add(ppg);
      Integer fd = vm.instanceView() == null ? null : vm.instanceView().platformFaultDomain();
      if (fd != null) {
        path.add(ppg + "-fd" + fd);
      }
    }
    return List.copyOf(path);
  }
}
