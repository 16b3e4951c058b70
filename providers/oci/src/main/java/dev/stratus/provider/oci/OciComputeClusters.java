package dev.stratus.provider.oci;

import com.oracle.bmc.core.model.ComputeClusterSummary;
import com.oracle.bmc.core.model.CreateComputeClusterDetails;
import com.oracle.bmc.core.requests.CreateComputeClusterRequest;
import com.oracle.bmc.core.requests.DeleteComputeClusterRequest;
import com.oracle.bmc.core.requests.ListComputeClustersRequest;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.ProviderException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compute clusters: one RDMA network per multi-node launch of a cluster-capable shape, named and
 * retry-tokened from (cluster, client token) so a repeated launch finds or re-creates the same one.
 * They outlive their instances, so the sweep deletes the cluster's own (freeform tag {@code
 * stratus:cluster}) that hold no live instance, are older than {@link #MIN_AGE} and no launch of
 * this process is filling; OCI refuses to delete one still holding instances (409), which the next
 * sweep retries.
 */
final class OciComputeClusters {
  static final Duration MIN_AGE = Duration.ofMinutes(10);
  private static final Logger LOG = LoggerFactory.getLogger(OciComputeClusters.class);
  private final OciApi api;
  private final OciSettings settings;
  private final OciInstanceQueries queries;
  private final Clock clock;
  private final Set<String> filling = ConcurrentHashMap.newKeySet();

  OciComputeClusters(OciApi api, OciSettings settings, OciInstanceQueries queries, Clock clock) {
    this.api = api;
    this.settings = settings;
    this.queries = queries;
    this.clock = clock;
  }

  /** The launch's compute cluster, made if missing; marked as being filled until {@link #done}. */
  String ensure(String cluster, String token, String availabilityDomain) {
    String name = OciNames.computeCluster(cluster, token);
    filling.add(name);
    Optional<ComputeClusterSummary> existing = page(availabilityDomain, name).stream().findFirst();
    if (existing.isPresent()) {
      return existing.get().getId();
    }
    var details =
        CreateComputeClusterDetails.builder()
            .availabilityDomain(availabilityDomain)
            .compartmentId(settings.compartmentId())
            .displayName(name)
            .freeformTags(Map.of(Tags.CLUSTER, cluster, Tags.TOKEN, token))
            .build();
    return api.compute(
            "CreateComputeCluster",
            c ->
                c.createComputeCluster(
                    CreateComputeClusterRequest.builder()
                        .opcRetryToken(OciNames.computeClusterToken(cluster, token))
                        .createComputeClusterDetails(details)
                        .build()))
        .getComputeCluster()
        .getId();
  }

  void done(String cluster, String token) {
    filling.remove(OciNames.computeCluster(cluster, token));
  }

  /** Deletes one; gone already is success, "still in use" is left for the sweep. */
  void deleteQuietly(String id) {
    try {
      api.compute(
          "DeleteComputeCluster",
          c ->
              c.deleteComputeCluster(
                  DeleteComputeClusterRequest.builder().computeClusterId(id).build()));
    } catch (ProviderException e) {
      if (!OciErrors.notFound(e)) {
        LOG.info("compute cluster {} not deleted yet: {}", id, e.error().describe());
      }
    }
  }

  void sweep(String cluster) {
    for (ComputeClusterSummary c : page(null, null)) {
      Map<String, String> tags = c.getFreeformTags() == null ? Map.of() : c.getFreeformTags();
      boolean ours =
          cluster.equals(tags.get(Tags.CLUSTER)) && c.getDisplayName().startsWith("stratus-");
      boolean young =
          c.getTimeCreated() != null
              && c.getTimeCreated().toInstant().plus(MIN_AGE).isAfter(clock.instant());
      if (ours
          && !young
          && !filling.contains(c.getDisplayName())
          && queries.live(c.getId()).isEmpty()) {
        deleteQuietly(c.getId());
      }
    }
  }

  /** Every page of the compartment's compute clusters, optionally of one AD and name. */
  private List<ComputeClusterSummary> page(String ad, String name) {
    List<ComputeClusterSummary> all = new ArrayList<>();
    String page = null;
    do {
      String next = page;
      var r =
          api.compute(
              "ListComputeClusters",
              c ->
                  c.listComputeClusters(
                      ListComputeClustersRequest.builder()
                          .compartmentId(settings.compartmentId())
                          .availabilityDomain(ad)
                          .displayName(name)
                          .limit(settings.pageSize())
                          .page(next)
                          .build()));
      r.getComputeClusterCollection().getItems().stream()
          .filter(
              c ->
                  c.getLifecycleState() == null
                      || c.getLifecycleState().getValue().equals("ACTIVE"))
          .forEach(all::add);
      page = r.getOpcNextPage();
    } while (page != null && !page.isEmpty());
    return all;
  }
}
