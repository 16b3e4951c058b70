package dev.stratus.provider.azure;

import com.azure.core.management.SubResource;
import com.azure.resourcemanager.compute.fluent.models.ProximityPlacementGroupInner;
import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import dev.stratus.core.model.Tags;
import dev.stratus.core.spi.ProviderException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Deletes VMs and then the placement groups nobody uses any more. A placement group can only be
 * deleted once ARM has finished deleting its VMs, which is after {@code terminate} returns; so each
 * terminate also sweeps Stratus's empty groups older than {@link #SWEEP_AFTER} (the age keeps it
 * off a group a concurrent launch has just created and not yet filled).
 */
final class AzureTerminator {
  static final String CREATED_TAG = "stratus:created";
  static final Duration SWEEP_AFTER = Duration.ofMinutes(10);

  private final ArmCalls arm;
  private final Clock clock;

  AzureTerminator(ArmCalls arm, Clock clock) {
    this.arm = arm;
    this.clock = clock;
  }

  void terminate(Collection<String> vmNames) {
    Set<String> groups = new LinkedHashSet<>();
    for (String name : new LinkedHashSet<>(vmNames)) {
      if (!AzureNames.isVmName(name)) {
        continue; // not a name ARM could hold: nothing of ours can exist under it
      }
      arm.getVm(name, false)
          .map(VirtualMachineInner::proximityPlacementGroup)
          .map(SubResource::id)
          .ifPresent(groups::add);
      arm.beginDeleteVm(name);
    }
    sweep(
        groups,
        vmNames.stream()
            .map(n -> n.toLowerCase(Locale.ROOT))
            .collect(java.util.stream.Collectors.toSet()));
  }

  private void sweep(Set<String> justUsed, Set<String> deleted) {
    Instant now = clock.instant();
    for (ProximityPlacementGroupInner g : arm.listPlacementGroups()) {
      Map<String, String> tags = g.tags() == null ? Map.of() : g.tags();
      if (!tags.containsKey(Tags.CLUSTER)) {
        continue; // not ours
      }
      boolean empty =
          g.virtualMachines() == null
              || g.virtualMachines().stream()
                  .allMatch(vm -> deleted.contains(lastSegment(vm.id())));
      boolean ours = justUsed.stream().anyMatch(id -> id.equalsIgnoreCase(g.id()));
      if (empty && (ours || old(tags.get(CREATED_TAG), now))) {
        try {
          arm.deletePlacementGroup(g.name());
        } catch (ProviderException e) {
          // In use until ARM finishes deleting its VMs: a later sweep removes it.
        }
      }
    }
  }

  private static boolean old(String created, Instant now) {
    try {
      return created != null && Instant.parse(created).plus(SWEEP_AFTER).isBefore(now);
    } catch (java.time.format.DateTimeParseException e) {
      return false;
    }
  }

  private static String lastSegment(String id) {
    return id == null ? "" : id.substring(id.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
  }
}
