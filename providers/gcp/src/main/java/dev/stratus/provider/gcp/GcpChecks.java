package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.ListInstancesRequest;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.ProviderCheck;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.api.spi.Recovery;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code stratus providers check} for GCP, read-only: per configured zone, {@code zones.get} (the
 * project and zone exist and the zone is UP) and {@code instances.list} with a filter that matches
 * nothing ({@code compute.instances.list}); per offering, {@code machineTypes.get} (the type exists
 * in that zone); with compact placement, {@code resourcePolicies.list} in the region (the sweep of
 * placement policies needs it). Compute Engine has no project-level {@code testIamPermissions}; the
 * create and delete permissions are proved only by a launch.
 */
final class GcpChecks {
  private final GcpSettings settings;
  private final GcpClients clients;
  private final ProviderCalls calls;

  GcpChecks(GcpSettings settings, GcpClients clients, ProviderCalls calls) {
    this.settings = settings;
    this.clients = clients;
    this.calls = calls;
  }

  List<ProviderCheck.Result> run() {
    List<ProviderCheck.Result> results = new ArrayList<>();
    if (settings.offerings().isEmpty()) {
      results.add(
          new ProviderCheck.Result(
              "offerings", false, "providers.gcp.offerings is empty: nothing to launch"));
    }
    for (String zone : settings.zones()) {
      results.add(
          check(
              "zone " + zone,
              "zones.get",
              () -> {
                String status = clients.zones.get(settings.project(), zone).getStatus();
                if (!"UP".equals(status)) {
                  throw new IllegalStateException("zone status is " + status);
                }
                return "project " + settings.project() + ", zone is UP";
              }));
      results.add(
          check(
              "instances.list " + zone,
              "instances.list",
              () -> {
                var request =
                    ListInstancesRequest.newBuilder()
                        .setProject(settings.project())
                        .setZone(zone)
                        .setFilter("(labels.stratus-check = \"matches-nothing\")")
                        .setMaxResults(1)
                        .build();
                clients.instances.list(request).getPage();
                return "compute.instances.list allowed";
              }));
    }
    Set<String> typeZones = new LinkedHashSet<>();
    settings.offerings().forEach(o -> typeZones.add(o.machineType() + " " + o.zone()));
    for (String tz : typeZones) {
      String[] parts = tz.split(" ");
      results.add(
          check(
              "machine type " + parts[0] + " in " + parts[1],
              "machineTypes.get",
              () -> {
                var t = clients.machineTypes.get(settings.project(), parts[1], parts[0]);
                return t.getGuestCpus() + " vCPUs, " + t.getMemoryMb() + " MB";
              }));
    }
    if (settings.compactPlacement()) {
      results.add(
          check(
              "resourcePolicies.list " + settings.region(),
              "resourcePolicies.list",
              () -> {
                clients.policies.list(settings.project(), settings.region()).getPage();
                return "compute.resourcePolicies.list allowed (the sweep of placement policies)";
              }));
    }
    return results;
  }

  private ProviderCheck.Result check(String what, String api, Callable<String> call) {
    try {
      String detail = calls.call(settings.region(), api, call, GcpErrors::translate);
      return new ProviderCheck.Result(what, true, api + ": " + detail);
    } catch (ProviderException e) {
      return new ProviderCheck.Result(
          what, false, api + ": " + e.error().describe() + hint(e.error()));
    }
  }

  private static String hint(ProviderError e) {
    if (e instanceof ProviderError.Unauthorized) {
      return " (grant the service account roles/compute.instanceAdmin.v1, or the permissions in"
          + " providers/gcp/README.md)";
    }
    if (e.recovery() == Recovery.RETRY_LATER) {
      return " (the API did not answer: try again)";
    }
    return "";
  }
}
