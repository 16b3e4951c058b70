package dev.stratus.provider.aws;

import dev.stratus.api.model.Tags;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.ProviderException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.ec2.model.Filter;
import software.amazon.awssdk.services.ec2.model.PlacementGroup;
import software.amazon.awssdk.services.ec2.model.PlacementStrategy;
import software.amazon.awssdk.services.ec2.model.ResourceType;
import software.amazon.awssdk.services.ec2.model.TagSpecification;

/**
 * Cluster placement groups, one per multi-node launch: {@code stratus-<cluster>-<token>}, tagged
 * with the cluster. Lifecycle: created before the fleet; deleted at once when the launch leaves no
 * instance; otherwise deleted by {@link #sweep} (the controller's garbage collection, once per
 * pass) once no live instance of the cluster is in it. A group is never swept while a launch of
 * this process uses it ({@code inFlight}), nor when a launch filled it since the sweep before
 * ({@code filled}: its instances may be newer than the list the sweep was given). EC2 also refuses
 * to delete a group that still holds instances, shutting-down ones included ({@code
 * InvalidPlacementGroup.InUse}); a later sweep tries again. Thread-safe: launches on other threads
 * create and release groups while a sweep runs.
 */
final class PlacementGroups {
  private static final Logger LOG = LoggerFactory.getLogger(PlacementGroups.class);
  private final Ec2Api api;
  private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
  private final Set<String> filled = ConcurrentHashMap.newKeySet();

  PlacementGroups(Ec2Api api) {
    this.api = api;
  }

  static String name(String cluster, String token) {
    return "stratus-" + cluster + "-" + token;
  }

  /** Creates the group (an existing one of that name is fine) and marks it in use. */
  void create(String cluster, String name) {
    inFlight.add(name);
    try {
      api.call(
          "CreatePlacementGroup",
          ec2 ->
              ec2.createPlacementGroup(
                  r ->
                      r.groupName(name)
                          .strategy(PlacementStrategy.CLUSTER)
                          .tagSpecifications(
                              TagSpecification.builder()
                                  .resourceType(ResourceType.PLACEMENT_GROUP)
                                  .tags(FleetRequests.tags(Map.of(Tags.CLUSTER, cluster)))
                                  .build())));
    } catch (ProviderException e) {
      if (!e.error().code().equals("InvalidPlacementGroup.Duplicate")) {
        inFlight.remove(name);
        throw e;
      }
    }
  }

  /** The launch that used the group is over; {@code empty}: it left no instance, delete now. */
  void released(String name, boolean empty) {
    if (!empty) {
      filled.add(name); // before leaving inFlight, so a sweep never sees it in neither
    }
    inFlight.remove(name);
    if (empty) {
      deleteQuietly(name);
    }
  }

  /**
   * Deletes the cluster's groups (by the cluster tag) that are not in {@code used}, not in use by a
   * launch of this process and not filled since the sweep before. Never throws.
   */
  void sweep(String cluster, Collection<String> used) {
    Set<String> filledBefore = Set.copyOf(filled);
    List<PlacementGroup> groups;
    try {
      groups =
          api.call(
                  "DescribePlacementGroups",
                  ec2 ->
                      ec2.describePlacementGroups(
                          r ->
                              r.filters(
                                  Filter.builder()
                                      .name("tag:" + Tags.CLUSTER)
                                      .values(cluster)
                                      .build())))
              .placementGroups();
    } catch (ProviderException e) {
      if (!e.error().code().equals(ProviderCalls.INTERRUPTED)) { // abandoned: logged once already
        LOG.warn("cannot list placement groups of {}: {}", cluster, e.getMessage());
      }
      return;
    }
    for (PlacementGroup g : groups) {
      String name = g.groupName();
      if (!used.contains(name) && !inFlight.contains(name) && !filled.contains(name)) {
        deleteQuietly(name);
      }
    }
    filled.removeAll(filledBefore);
  }

  private void deleteQuietly(String name) {
    try {
      api.call("DeletePlacementGroup", ec2 -> ec2.deletePlacementGroup(r -> r.groupName(name)));
    } catch (ProviderException e) {
      LOG.debug("placement group {} not deleted yet: {}", name, e.getMessage());
    }
  }
}
