package dev.stratus.testkit.oci;

import com.fasterxml.jackson.databind.JsonNode;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The RDMA side of the OCI model: compute clusters and compute hosts. A compute cluster lives in
 * one availability domain, on one HPC island and network block; each bare-metal instance gets a
 * host, and the instances of one compute cluster fill its local blocks two by two (the granularity
 * topology.conf sees). Deleting a compute cluster that still holds an instance that is not
 * terminated is {@code 409 IncorrectState}.
 */
final class OciComputeModel {
  record Cluster(
      String id,
      String ad,
      String compartmentId,
      String displayName,
      Map<String, String> freeformTags,
      Instant created,
      String island,
      String networkBlock) {}

  record Host(
      String id,
      String ad,
      String shape,
      String island,
      String networkBlock,
      String localBlock,
      String instanceId) {}

  private static final SecureRandom RANDOM = new SecureRandom();
  private final Map<String, Cluster> clusters = new LinkedHashMap<>();
  private final Map<String, Host> hosts = new LinkedHashMap<>();
  private final Map<String, Integer> placed = new HashMap<>();
  private final String island = ocid("computehpcisland");
  private final String looseBlock = ocid("computenetworkblock");

  static String ocid(String kind) {
    byte[] b = new byte[14];
    RANDOM.nextBytes(b);
    return "ocid1." + kind + ".oc1.iad.aaaa" + HexFormat.of().formatHex(b);
  }

  OciReply create(JsonNode d, Instant now) {
    if (!OciModel.COMPARTMENT.equals(d.path("compartmentId").asText())) {
      return OciReply.notFound();
    }
    if (!OciModel.ADS.contains(d.path("availabilityDomain").asText())) {
      return OciReply.invalid("Invalid availabilityDomain");
    }
    Map<String, String> tags = OciModel.tags(d.path("freeformTags"));
    Cluster c =
        new Cluster(
            ocid("computecluster"),
            d.path("availabilityDomain").asText(),
            OciModel.COMPARTMENT,
            d.path("displayName").asText(),
            tags,
            now,
            island,
            ocid("computenetworkblock"));
    clusters.put(c.id(), c);
    return OciReply.ok(OciJson.cluster(c));
  }

  Optional<Cluster> cluster(String id) {
    return Optional.ofNullable(clusters.get(id));
  }

  List<Cluster> clusters(Map<String, String> q) {
    return clusters.values().stream()
        .filter(
            c -> !q.containsKey("availabilityDomain") || c.ad().equals(q.get("availabilityDomain")))
        .filter(c -> !q.containsKey("displayName") || c.displayName().equals(q.get("displayName")))
        .toList();
  }

  OciReply delete(String id, boolean holdsInstances) {
    if (!clusters.containsKey(id)) {
      return OciReply.notFound();
    }
    if (holdsInstances) {
      return OciReply.error(
          409, "IncorrectState", "Compute cluster " + id + " still contains instances.");
    }
    clusters.remove(id);
    return OciReply.noContent();
  }

  /** Gives a bare-metal instance its host. */
  void place(OciVm vm) {
    if (!vm.shape.startsWith("BM.")) {
      return;
    }
    Cluster c = vm.computeClusterId == null ? null : clusters.get(vm.computeClusterId);
    String block = c == null ? looseBlock : c.networkBlock();
    int n = placed.merge(c == null ? "" : c.id(), 1, Integer::sum) - 1;
    String local = "ocid1.computelocalblock.oc1.iad.aaaa" + blockTail(block) + (n / 2);
    Host h = new Host(ocid("computehost"), vm.ad, vm.shape, island, block, local, vm.id);
    hosts.put(h.id(), h);
  }

  void release(String instanceId) {
    hosts.replaceAll(
        (id, h) ->
            instanceId.equals(h.instanceId())
                ? new Host(
                    h.id(), h.ad(), h.shape(), h.island(), h.networkBlock(), h.localBlock(), null)
                : h);
  }

  List<Host> hosts() {
    return new ArrayList<>(hosts.values());
  }

  private static String blockTail(String block) {
    return block.substring(block.length() - 8);
  }
}
