package dev.stratus.provider.azure;

import com.azure.core.management.SubResource;
import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a VM sits, as a path of switch names from the top for Slurm's topology.conf: its zone (or
 * region), its proximity placement group (VMs in one group share a datacenter and low-latency
 * network), its virtual machine scale set (a VM of a Flexible scale set reports it in {@code
 * properties.virtualMachineScaleSet.id}; the set spreads its VMs over fault domains of its own),
 * and its fault domain within the innermost of those groups (a fault domain is a rack with its own
 * power and top-of-rack switch). A group the VM is not in is left out:
 *
 * <pre>
 * [eastus-1, ppg, vmss, vmss-fd0]   both
 * [eastus-1, ppg, ppg-fd0]          placement group only
 * [eastus-1, vmss, vmss-fd0]        scale set only
 * [eastus-1]                        neither: a fault domain outside a group says nothing
 * </pre>
 */
final class AzurePlacement {
  private AzurePlacement() {}

  static List<String> path(VirtualMachineInner vm) {
    List<String> path = new ArrayList<>();
    String zone = vm.zones() == null || vm.zones().isEmpty() ? "" : vm.zones().get(0);
    path.add(zone.isEmpty() ? vm.location() : vm.location() + "-" + zone);
    String group = lastSegment(vm.proximityPlacementGroup());
    if (!group.isEmpty()) {
      path.add(group);
    }
    String scaleSet = lastSegment(vm.virtualMachineScaleSet());
    if (!scaleSet.isEmpty()) {
      path.add(scaleSet);
      group = scaleSet;
    }
    Integer fd = vm.instanceView() == null ? null : vm.instanceView().platformFaultDomain();
    if (fd != null && !group.isEmpty()) {
      path.add(group + "-fd" + fd);
    }
    return List.copyOf(path);
  }

  /** The resource's name: the last segment of its id; "" when there is none. */
  private static String lastSegment(SubResource ref) {
    String id = ref == null || ref.id() == null ? "" : ref.id();
    return id.substring(id.lastIndexOf('/') + 1);
  }
}
