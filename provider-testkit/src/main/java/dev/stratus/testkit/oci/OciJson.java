package dev.stratus.testkit.oci;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The model's resources in OCI's wire shapes (Core Services API 20160918: Instance, ComputeCluster,
 * ComputeHostSummary), and paging: {@code page} is an opaque token, the next one comes back in
 * {@code opc-next-page}.
 */
final class OciJson {
  private OciJson() {}

  static ObjectNode instance(OciVm vm, Instant now) {
    ObjectNode o = OciReply.JSON.createObjectNode();
    o.put("id", vm.id);
    o.put("availabilityDomain", vm.ad);
    o.put("compartmentId", vm.compartmentId);
    o.put("displayName", vm.displayName);
    o.put("shape", vm.shape);
    o.put("region", "iad");
    o.put("imageId", vm.imageId);
    o.put("faultDomain", "FAULT-DOMAIN-1");
    o.put("lifecycleState", vm.state(now));
    o.put("timeCreated", vm.created.toString());
    o.put("launchMode", "NATIVE");
    o.set("freeformTags", OciReply.JSON.valueToTree(vm.freeformTags));
    o.putObject("definedTags");
    o.set("metadata", OciReply.JSON.valueToTree(vm.metadata));
    o.putObject("sourceDetails").put("sourceType", "image").put("imageId", vm.imageId);
    if (vm.capacityReservationId != null) {
      o.put("capacityReservationId", vm.capacityReservationId);
    }
    if (vm.preemptible) {
      o.putObject("preemptibleInstanceConfig")
          .putObject("preemptionAction")
          .put("type", "TERMINATE")
          .put("preserveBootVolume", false);
    }
    return o;
  }

  static ObjectNode cluster(OciComputeModel.Cluster c) {
    ObjectNode o = OciReply.JSON.createObjectNode();
    o.put("id", c.id());
    o.put("availabilityDomain", c.ad());
    o.put("compartmentId", c.compartmentId());
    o.put("displayName", c.displayName());
    o.put("lifecycleState", "ACTIVE");
    o.put("timeCreated", c.created().toString());
    o.set("freeformTags", OciReply.JSON.valueToTree(c.freeformTags()));
    o.putObject("definedTags");
    return o;
  }

  static ObjectNode host(OciComputeModel.Host h) {
    ObjectNode o = OciReply.JSON.createObjectNode();
    o.put("id", h.id());
    o.put("availabilityDomain", h.ad());
    o.put("compartmentId", OciModel.COMPARTMENT);
    o.put("faultDomain", "FAULT-DOMAIN-1");
    o.put("hpcIslandId", h.island());
    o.put("networkBlockId", h.networkBlock());
    o.put("localBlockId", h.localBlock());
    o.put("shape", h.shape());
    if (h.instanceId() != null) {
      o.put("instanceId", h.instanceId());
    }
    o.put("health", "HEALTHY");
    o.put("lifecycleState", "AVAILABLE");
    o.put("timeCreated", Instant.EPOCH.toString());
    o.putObject("freeformTags");
    o.putObject("definedTags");
    return o;
  }

  /**
   * One page of {@code items} from the offset in {@code page} (null: the first), {@code limit}
   * long; {@code wrap} puts the array into the operation's body (bare array, or {"items": []}).
   */
  static <T> OciReply page(
      List<T> items,
      Map<String, String> query,
      Function<T, JsonNode> render,
      Function<ArrayNode, JsonNode> wrap) {
    int limit = Integer.parseInt(query.getOrDefault("limit", "1000"));
    if (limit < 1 || limit > 1000) {
      return OciReply.invalid("limit must be between 1 and 1000");
    }
    int from = 0;
    if (query.containsKey("page")) {
      String token = query.get("page");
      if (!token.startsWith("page-")) {
        return OciReply.invalid("Invalid page token");
      }
      from = Integer.parseInt(token.substring(5));
    }
    ArrayNode array = OciReply.JSON.createArrayNode();
    int to = Math.min(items.size(), from + limit);
    items.subList(Math.min(from, to), to).forEach(i -> array.add(render.apply(i)));
    return OciReply.ok(wrap.apply(array), to < items.size() ? "page-" + to : null);
  }

  static JsonNode items(ArrayNode array) {
    ObjectNode o = OciReply.JSON.createObjectNode();
    o.set("items", array);
    return o;
  }
}
