package dev.stratus.provider.oci;

import com.oracle.bmc.core.model.ComputeHostSummary;
import com.oracle.bmc.core.requests.ListComputeHostsRequest;
import dev.stratus.api.model.Instance;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the RDMA fabric put each bare-metal instance, from the compute hosts (ListComputeHosts):
 * the HPC island, the network block within it and the local block within that, top down, as switch
 * names {@code hpc-…}, {@code nb-…}, {@code lb-…} (the OCIDs' unique tails). Nodes under one local
 * block are one switch hop apart, which is what topology.conf tells Slurm. An instance whose host
 * is not listed (a VM, or a host in another compartment) is left out.
 */
final class OciPlacement {
  private final OciApi api;
  private final OciSettings settings;

  OciPlacement(OciApi api, OciSettings settings) {
    this.api = api;
    this.settings = settings;
  }

  Map<String, List<String>> paths(List<Instance> instances) {
    Map<String, ComputeHostSummary> hostOf = new HashMap<>();
    String page = null;
    do {
      String next = page;
      var r =
          api.compute(
              "ListComputeHosts",
              c ->
                  c.listComputeHosts(
                      ListComputeHostsRequest.builder()
                          .compartmentId(settings.hostCompartmentId())
                          .limit(settings.pageSize())
                          .page(next)
                          .build()));
      for (ComputeHostSummary h : r.getComputeHostCollection().getItems()) {
        if (h.getInstanceId() != null) {
          hostOf.put(h.getInstanceId(), h);
        }
      }
      page = r.getOpcNextPage();
    } while (page != null && !page.isEmpty());
    Map<String, List<String>> paths = new LinkedHashMap<>();
    for (Instance i : instances) {
      ComputeHostSummary h = hostOf.get(i.id());
      if (h != null) {
        List<String> path = path(h);
        if (!path.isEmpty()) {
          paths.put(i.id(), path);
        }
      }
    }
    return paths;
  }

  static List<String> path(ComputeHostSummary h) {
    List<String> path = new ArrayList<>();
    if (h.getHpcIslandId() != null) {
      path.add("hpc-" + OciNames.tail(h.getHpcIslandId()));
    }
    if (h.getNetworkBlockId() != null) {
      path.add("nb-" + OciNames.tail(h.getNetworkBlockId()));
    }
    if (h.getLocalBlockId() != null) {
      path.add("lb-" + OciNames.tail(h.getLocalBlockId()));
    }
    return path;
  }
}
