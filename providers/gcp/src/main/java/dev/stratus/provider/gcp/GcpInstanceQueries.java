package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.AggregatedListInstancesRequest;
import com.google.cloud.compute.v1.Instance;
import com.google.cloud.compute.v1.InstancesClient;
import com.google.cloud.compute.v1.InstancesScopedList;
import com.google.cloud.compute.v1.ListInstancesRequest;
import dev.stratus.api.model.Tags;
import dev.stratus.api.resilience.ProviderCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads of instances, each through {@link ProviderCalls}: every page of a list is read inside one
 * guarded call, so a throttled second page retries the whole listing rather than returning half.
 * Filters use labels ({@code labels.stratus-cluster = "x"}); the status rules are applied here, not
 * in the filter: list and get report every instance that still costs money ({@link
 * InstanceViews#listed}), a launch looks only for live ones of its token.
 */
final class GcpInstanceQueries {
  private final GcpSettings settings;
  private final InstancesClient instances;
  private final ProviderCalls calls;

  GcpInstanceQueries(GcpSettings settings, InstancesClient instances, ProviderCalls calls) {
    this.settings = settings;
    this.instances = instances;
    this.calls = calls;
  }

  /** Every instance of the project labelled with the cluster that still costs money, all pages. */
  List<Instance> byCluster(String cluster) {
    String filter = filter(Map.of(Tags.CLUSTER, cluster));
    return calls.call(
        settings.region(),
        "instances.aggregatedList",
        () -> {
          List<Instance> found = new ArrayList<>();
          var request =
              AggregatedListInstancesRequest.newBuilder()
                  .setProject(settings.project())
                  .setFilter(filter)
                  .build();
          for (Map.Entry<String, InstancesScopedList> scope :
              instances.aggregatedList(request).iterateAll()) {
            scope.getValue().getInstancesList().stream()
                .filter(InstanceViews::listed)
                .forEach(found::add);
          }
          return found;
        },
        GcpErrors::translate);
  }

  /** Live instances of one zone carrying all these tags. */
  List<Instance> inZone(String zone, Map<String, String> tags) {
    String filter = filter(tags);
    return calls.call(
        settings.region(),
        "instances.list",
        () -> {
          List<Instance> found = new ArrayList<>();
          var request =
              ListInstancesRequest.newBuilder()
                  .setProject(settings.project())
                  .setZone(zone)
                  .setFilter(filter)
                  .build();
          for (Instance i : instances.list(request).iterateAll()) {
            if (InstanceViews.live(i)) {
              found.add(i);
            }
          }
          return found;
        },
        GcpErrors::translate);
  }

  /** The instance if it exists and still costs money; a 404 is empty. */
  Optional<Instance> get(String zone, String name) {
    return calls.call(
        settings.region(),
        "instances.get",
        () -> {
          try {
            Instance i = instances.get(settings.project(), zone, name);
            return InstanceViews.listed(i) ? Optional.of(i) : Optional.<Instance>empty();
          } catch (RuntimeException e) {
            if (GcpErrors.notFound(e)) {
              return Optional.<Instance>empty();
            }
            throw e;
          }
        },
        GcpErrors::translate);
  }

  /** {@code (labels.k1 = "v1") AND (labels.k2 = "v2")}, keys and values as labels. */
  static String filter(Map<String, String> tags) {
    List<String> terms = new ArrayList<>();
    new TreeMap<>(tags)
        .forEach(
            (k, v) ->
                terms.add("(labels." + GcpLabels.key(k) + " = \"" + GcpLabels.value(v) + "\")"));
    return String.join(" AND ", terms);
  }
}
