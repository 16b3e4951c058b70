package dev.stratus.provider.azure;

import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import dev.stratus.api.spi.ProviderException;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The power state of the cluster's VMs, which ARM's VM list does not carry (its {@code
 * $expand=instanceView} needs a scale-set {@code $filter}), so that a VM someone stopped or
 * deallocated, still billing its disks, is listed as stopped. Reading every VM's instance view on
 * every pass would spend the subscription's read budget, so each {@link #refresh} reads at most
 * {@code checksPerList} of them: VMs whose provisioning succeeded, never-checked ones first, then
 * the longest unchecked. Answers are kept until the next check; a check that fails keeps the old
 * one. In memory only: a restarted controller checks again.
 */
final class AzurePowerStates {
  private record Seen(Optional<String> powerState, Instant at) {}

  private final ArmCalls arm;
  private final int checksPerList;
  private final Clock clock;
  private final Map<String, Seen> seen = new ConcurrentHashMap<>();

  AzurePowerStates(ArmCalls arm, int checksPerList, Clock clock) {
    this.arm = arm;
    this.checksPerList = checksPerList;
    this.clock = clock;
  }

  /**
   * Checks up to {@code checksPerList} of {@code vms}, forgets VMs no longer in {@code all} (the
   * resource group's), and returns the power state known for each VM, by {@link #key} of its name.
   */
  Map<String, String> refresh(List<VirtualMachineInner> vms, List<VirtualMachineInner> all) {
    Set<String> present = all.stream().map(vm -> key(vm.name())).collect(Collectors.toSet());
    seen.keySet().retainAll(present);
    vms.stream()
        .filter(vm -> "Succeeded".equalsIgnoreCase(vm.provisioningState()))
        .sorted(Comparator.comparing(vm -> lastCheck(vm.name())))
        .limit(checksPerList)
        .forEach(vm -> check(vm.name()));
    return seen.entrySet().stream()
        .filter(e -> e.getValue().powerState().isPresent())
        .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().powerState().get()));
  }

  /** VM names are case-insensitive in ARM. */
  static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  private Instant lastCheck(String name) {
    Seen s = seen.get(key(name));
    return s == null ? Instant.MIN : s.at();
  }

  private void check(String name) {
    try {
      seen.put(key(name), new Seen(arm.powerState(name), clock.instant()));
    } catch (ProviderException e) {
      // Keep what was known: the VM is checked again on a later list.
    }
  }
}
