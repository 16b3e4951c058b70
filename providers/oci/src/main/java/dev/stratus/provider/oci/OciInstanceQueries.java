package dev.stratus.provider.oci;

import com.oracle.bmc.core.requests.GetInstanceRequest;
import com.oracle.bmc.core.requests.ListInstancesRequest;
import com.oracle.bmc.core.responses.ListInstancesResponse;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.ProviderException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads of instances: every page of the compartment's ListInstances (OCI cannot filter it by tag,
 * so the cluster's are picked by their {@code stratus:cluster} freeform tag), and GetInstance.
 * Terminating and terminated instances count as gone. Read-only.
 */
final class OciInstanceQueries {
  private final OciApi api;
  private final OciSettings settings;
  private final RecentLaunches recent;

  OciInstanceQueries(OciApi api, OciSettings settings, RecentLaunches recent) {
    this.api = api;
    this.settings = settings;
    this.recent = recent;
  }

  /**
   * The cluster's live instances: those the list shows, plus any of this provider's recent launches
   * the (eventually consistent) list does not show yet, each confirmed by GetInstance.
   */
  List<Instance> byCluster(String cluster) {
    Map<String, Instance> found = new LinkedHashMap<>();
    for (Instance i : live(null)) {
      if (cluster.equals(i.tags().get(Tags.CLUSTER))) {
        found.put(i.id(), i);
      }
    }
    for (String id : recent.ids()) {
      if (!found.containsKey(id)) {
        get(id)
            .filter(i -> cluster.equals(i.tags().get(Tags.CLUSTER)))
            .ifPresent(i -> found.put(id, i));
      }
    }
    return List.copyOf(found.values());
  }

  /** The live instances of a compute cluster ({@code null}: of the whole compartment). */
  List<Instance> live(String computeClusterId) {
    List<Instance> all = new ArrayList<>();
    String page = null;
    do {
      String next = page;
      ListInstancesResponse r =
          api.compute(
              "ListInstances",
              c ->
                  c.listInstances(
                      ListInstancesRequest.builder()
                          .compartmentId(settings.compartmentId())
                          .computeClusterId(computeClusterId)
                          .limit(settings.pageSize())
                          .page(next)
                          .build()));
      r.getItems().stream()
          .map(i -> OciInstances.toInstance(settings.region(), i, settings.offeringReservations()))
          .filter(i -> i.state().alive() || i.state() == InstanceState.STOPPED)
          .forEach(all::add);
      page = r.getOpcNextPage();
    } while (page != null && !page.isEmpty());
    return all;
  }

  /** Empty for an id that is no instance OCID, one OCI does not know, and a terminated one. */
  Optional<Instance> get(String id) {
    if (!OciNames.isInstanceId(id)) {
      return Optional.empty();
    }
    try {
      var r =
          api.compute(
              "GetInstance",
              c -> c.getInstance(GetInstanceRequest.builder().instanceId(id).build()));
      Instance i =
          OciInstances.toInstance(
              settings.region(), r.getInstance(), settings.offeringReservations());
      return i.state() == InstanceState.TERMINATED ? Optional.empty() : Optional.of(i);
    } catch (ProviderException e) {
      if (OciErrors.notFound(e)) {
        return Optional.empty();
      }
      throw e;
    }
  }
}
