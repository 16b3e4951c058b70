package dev.stratus.provider.azure;

import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import com.azure.resourcemanager.compute.models.InstanceViewStatus;
import com.azure.resourcemanager.compute.models.VirtualMachinePriorityTypes;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A VM as ARM reports it, as a Stratus {@link Instance}. The instance id is the VM name: the
 * resource group is fixed per provider, and names are derived from the launch (see {@link
 * AzureNames}). A VM whose provisioning state is {@code Deleting} is gone for Stratus: the delete
 * was accepted and nothing can bring it back. {@code Failed} (and {@code Canceled}) VMs, and VMs
 * whose power state is stopped or deallocated (or on the way there), are {@code STOPPED}: not
 * alive, and reaped by the controller, since such a VM still holds its disk and NIC (a stopped one
 * that is not deallocated, its compute too).
 */
final class VmMapping {
  private static final Set<String> STOPPED_POWER =
      Set.of("stopping", "stopped", "deallocating", "deallocated");

  private VmMapping() {}

  /**
   * Names the reservation a VM of a size and zone allocates from in a capacity reservation group.
   */
  @FunctionalInterface
  interface ReservationNames {
    String of(String groupArmId, String size, String zone);
  }

  /** Without a power state: what the provisioning state alone says. */
  static Optional<Instance> toInstance(
      VirtualMachineInner vm, Instant fallbackLaunch, ReservationNames reservations) {
    return toInstance(vm, powerState(vm), fallbackLaunch, reservations);
  }

  /**
   * {@code powerState}: the code after {@code PowerState/} ({@code deallocated}), or empty. A VM in
   * a capacity reservation group is {@code RESERVED}, naming the reservation it allocates from.
   */
  static Optional<Instance> toInstance(
      VirtualMachineInner vm,
      Optional<String> powerState,
      Instant fallbackLaunch,
      ReservationNames reservations) {
    InstanceState state = state(vm.provisioningState(), powerState);
    if (state == InstanceState.TERMINATED) {
      return Optional.empty();
    }
    String zone = vm.zones() == null || vm.zones().isEmpty() ? "" : vm.zones().get(0);
    String size =
        vm.hardwareProfile() == null ? "unknown" : vm.hardwareProfile().vmSize().toString();
    String group = reservationGroup(vm);
    CapacityType capacity =
        !group.isEmpty()
            ? CapacityType.RESERVED
            : VirtualMachinePriorityTypes.SPOT.equals(vm.priority())
                ? CapacityType.SPOT
                : CapacityType.ON_DEMAND;
    var key =
        new OfferingKey(
            AzureOfferings.PROVIDER,
            vm.location().toLowerCase(Locale.ROOT),
            zone,
            size,
            capacity,
            group.isEmpty() ? "" : reservations.of(group, size, zone));
    Instant launched = vm.timeCreated() == null ? fallbackLaunch : vm.timeCreated().toInstant();
    Map<String, String> tags = vm.tags() == null ? Map.of() : vm.tags();
    return Optional.of(new Instance(vm.name(), key, state, launched, "", tags));
  }

  /** The ARM id of the VM's capacity reservation group, "" for none. */
  static String reservationGroup(VirtualMachineInner vm) {
    var profile = vm.capacityReservation();
    if (profile == null
        || profile.capacityReservationGroup() == null
        || profile.capacityReservationGroup().id() == null) {
      return "";
    }
    String id = profile.capacityReservationGroup().id();
    return id.startsWith("/") ? id : "/" + id;
  }

  static InstanceState state(String provisioningState, Optional<String> powerState) {
    InstanceState byProvisioning = state(provisioningState);
    boolean off =
        powerState.map(p -> STOPPED_POWER.contains(p.toLowerCase(Locale.ROOT))).orElse(false);
    return byProvisioning.alive() && off ? InstanceState.STOPPED : byProvisioning;
  }

  /** The power state in an instance view the VM carries ({@code $expand=instanceView}). */
  static Optional<String> powerState(VirtualMachineInner vm) {
    return vm.instanceView() == null ? Optional.empty() : powerState(vm.instanceView().statuses());
  }

  static Optional<String> powerState(List<InstanceViewStatus> statuses) {
    if (statuses == null) {
      return Optional.empty();
    }
    return statuses.stream()
        .map(InstanceViewStatus::code)
        .filter(c -> c != null && c.startsWith("PowerState/"))
        .map(c -> c.substring("PowerState/".length()))
        .findFirst();
  }

  /** ARM provisioning states. */
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
