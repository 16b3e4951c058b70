package dev.stratus.provider.azure;

import com.azure.resourcemanager.compute.fluent.models.ProximityPlacementGroupInner;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.ProviderException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Deletes proximity placement groups nobody uses any more. A group is created per multi-node launch
 * ({@link AzureNames#placementGroupName}), tagged with the launch's tags (the cluster's among them)
 * and {@link #CREATED_TAG}. ARM deletes a group only once it has finished deleting its VMs, which
 * is minutes after {@code terminate} returns; so {@code terminate} tries the groups of the VMs it
 * deleted at once, and {@link #sweep} (the controller's garbage collection) removes the rest later.
 * The sweep touches only groups tagged with its own cluster: a resource group may be shared by
 * several clusters, or hold groups Stratus never made.
 */
final class AzurePlacementGroups {
  static final String CREATED_TAG = "stratus:created";

  /** A group younger than this may belong to a launch that has not put its VMs in yet. */
  static final Duration SWEEP_AFTER = Duration.ofMinutes(10);

  private final ArmCalls arm;
  private final Clock clock;

  AzurePlacementGroups(ArmCalls arm, Clock clock) {
    this.arm = arm;
    this.clock = clock;
  }

  /**
   * After a terminate: deletes each group of {@code groupIds} whose VMs are all among {@code
   * deletedVms}; one ARM still holds VMs in is left for {@link #sweep}.
   */
  void deleteEmptied(Set<String> groupIds, Collection<String> deletedVms) {
    if (groupIds.isEmpty()) {
      return;
    }
    Set<String> deleted =
        deletedVms.stream().map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    for (ProximityPlacementGroupInner g : arm.listPlacementGroups()) {
      boolean used = groupIds.stream().anyMatch(id -> id.equalsIgnoreCase(g.id()));
      if (used && vmNames(g).stream().allMatch(deleted::contains)) {
        deleteQuietly(g.name());
      }
    }
  }

  /**
   * Deletes the groups tagged with {@code cluster} that hold no VM, are not the group of a launch
   * of {@code live}, and are older than {@link #SWEEP_AFTER}.
   */
  void sweep(String cluster, List<Instance> live) {
    Instant now = clock.instant();
    Set<String> used =
        live.stream()
            .flatMap(i -> i.clientToken().stream())
            .map(t -> AzureNames.placementGroupName(cluster, t).toLowerCase(Locale.ROOT))
            .collect(Collectors.toSet());
    for (ProximityPlacementGroupInner g : arm.listPlacementGroups()) {
      Map<String, String> tags = g.tags() == null ? Map.of() : g.tags();
      if (cluster.equals(tags.get(Tags.CLUSTER))
          && !used.contains(g.name().toLowerCase(Locale.ROOT))
          && vmNames(g).isEmpty()
          && old(tags.get(CREATED_TAG), now)) {
        deleteQuietly(g.name());
      }
    }
  }

  private void deleteQuietly(String name) {
    try {
      arm.deletePlacementGroup(name);
    } catch (ProviderException e) {
      // In use until ARM finishes deleting its VMs: a later sweep removes it.
    }
  }

  private static List<String> vmNames(ProximityPlacementGroupInner g) {
    return g.virtualMachines() == null
        ? List.of()
        : g.virtualMachines().stream().map(vm -> lastSegment(vm.id())).toList();
  }

  private static boolean old(String created, Instant now) {
    try {
      return created != null && Instant.parse(created).plus(SWEEP_AFTER).isBefore(now);
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private static String lastSegment(String id) {
    return id == null ? "" : id.substring(id.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
  }
}
