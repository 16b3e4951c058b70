package dev.stratus.provider.aws;

import dev.stratus.core.model.Tags;
import dev.stratus.core.spi.ProviderException;
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
 * instance; otherwise reaped by {@link #reap} (called from every {@code list}) once no live
 * instance of the cluster is in it and no launch of this process is using it. EC2 refuses to delete
 * a group that still holds shutting-down instances ({@code InvalidPlacementGroup.InUse}); the next
 * pass tries again.
 */
final class PlacementGroups {
  private static final Logger LOG = LoggerFactory.getLogger(PlacementGroups.class);
  private final Ec2Api api;
  private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

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
    inFlight.remove(name);
    if (empty) {
      deleteQuietly(name);
    }
  }

  /** Deletes the cluster's groups that hold none of {@code liveGroups}. Never throws. */
  void reap(String cluster, Collection<String> liveGroups) {
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
      LOG.warn("cannot list placement groups of {}: {}", cluster, e.getMessage());
      return;
    }
    for (PlacementGroup g : groups) {
      if (!liveGroups.contains(g.groupName()) && !inFlight.contains(g.groupName())) {
        deleteQuietly(g.groupName());
      }
    }
  }

  private void deleteQuietly(String name) {
    try {
      api.call("DeletePlacementGroup", ec2 -> ec2.deletePlacementGroup(r -> r.groupName(name)));
    } catch (ProviderException e) {
      LOG.debug("placement group {} not deleted yet: {}", name, e.getMessage());
    }
  }
}
