package dev.stratus.provider.azure;

import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import com.azure.resourcemanager.compute.models.VirtualMachinePriorityTypes;
import dev.stratus.core.model.CapacityType;
import dev.stratus.core.model.Instance;
import dev.stratus.core.model.InstanceState;
import dev.stratus.core.model.OfferingKey;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A VM as ARM reports it, as a Stratus {@link Instance}. The instance id is the VM name: the
 * resource group is fixed per provider, and names are derived from the launch (see {@link
 * AzureNames}). A VM whose provisioning state is {@code Deleting} is gone for Stratus: the delete
 * was accepted and nothing can bring it back. {@code Failed} VMs are listed as {@code STOPPED} (not
 * alive) so the controller reaps them: a failed VM still holds its disk and NIC.
 */
final class VmMapping {
  private VmMapping() {}

  static Optional<Instance> toInstance(VirtualMachineInner vm, Instant fallbackLaunch) {
    InstanceState state = state(vm.provisioningState());
    if (state == InstanceState.TERMINATED) {
      return Optional.empty();
    }
    String zone = vm.zones() == null || vm.zones().isEmpty() ? "" : vm.zones().get(0);
    CapacityType capacity =
        VirtualMachinePriorityTypes.SPOT.equals(vm.priority())
            ? CapacityType.SPOT
            : CapacityType.ON_DEMAND;
    String size =
        vm.hardwareProfile() == null ? "unknown" : vm.hardwareProfile().vmSize().toString();
    var key =
        new OfferingKey(
            AzureOfferings.PROVIDER, vm.location().toLowerCase(Locale.ROOT), zone, size, capacity);
    Instant launched = vm.timeCreated() == null ? fallbackLaunch : vm.timeCreated().toInstant();
    Map<String, String> tags = vm.tags() == null ? Map.of() : vm.tags();
    return Optional.of(new Instance(vm.name(), key, state, launched, "", tags));
  }

  /** ARM provisioning states; power state would need the instance view and is not needed here. */
  static InstanceState state(String provisioningState) {
    String s = provisioningState == null ? "" : provisioningState.toLowerCase(Locale.ROOT);
    return switch (s) {
      case "succeeded" -> InstanceState.RUNNING;
      case "deleting" -> InstanceState.TERMINATED;
      case "failed", "canceled" -> InstanceState.STOPPED;
      default -> InstanceState.PENDING; // creating, updating, migrating
    };
  }
}
