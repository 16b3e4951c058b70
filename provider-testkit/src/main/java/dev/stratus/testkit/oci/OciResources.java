package dev.stratus.testkit.oci;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The read-only resources the provider's check reads: image, subnet, shapes, reservation. */
final class OciResources {
  private OciResources() {}

  static JsonNode image() {
    ObjectNode o = OciReply.JSON.createObjectNode();
    o.put("id", OciModel.IMAGE);
    o.put("compartmentId", OciModel.COMPARTMENT);
    o.put("displayName", "Ubuntu-22.04-GPU-2026.10");
    o.put("operatingSystem", "Canonical Ubuntu");
    o.put("operatingSystemVersion", "22.04");
    o.put("lifecycleState", "AVAILABLE");
    o.put("timeCreated", "2026-10-01T00:00:00Z");
    return o;
  }

  static JsonNode subnet() {
    ObjectNode o = OciReply.JSON.createObjectNode();
    o.put("id", OciModel.SUBNET);
    o.put("compartmentId", OciModel.COMPARTMENT);
    o.put("cidrBlock", "10.0.16.0/20");
    o.put("displayName", "gpu-nodes");
    o.put("lifecycleState", "AVAILABLE");
    o.put("vcnId", "ocid1.vcn.oc1.iad.aaaastratusvcn");
    o.put("prohibitPublicIpOnVnic", true);
    return o;
  }

  /** The shapes of an AD: all the model knows but BM.GPU4.8 in AD-3. */
  static ArrayNode shapes(String ad) {
    ArrayNode a = OciReply.JSON.createArrayNode();
    for (String s : OciModel.SHAPES.stream().sorted().toList()) {
      if (!(s.equals("BM.GPU4.8") && ad.endsWith("AD-3"))) {
        a.addObject().put("shape", s).put("gpus", s.startsWith("BM") ? 8 : 1);
      }
    }
    return a;
  }

  /** GetComputeCapacityReservation's ComputeCapacityReservation. */
  static JsonNode reservation(OciModel.Reservation r, String state, int used) {
    ObjectNode o = reservationSummary(r, state, used);
    o.put("timeUpdated", r.created().toString());
    ObjectNode config =
        o.putArray("instanceReservationConfigs")
            .addObject()
            .put("instanceShape", r.shape())
            .put("reservedCount", r.reserved())
            .put("usedCount", used);
    if (r.faultDomain() != null) {
      config.put("faultDomain", r.faultDomain());
    }
    return o;
  }

  /** ListComputeCapacityReservations' ComputeCapacityReservationSummary. */
  static ObjectNode reservationSummary(OciModel.Reservation r, String state, int used) {
    ObjectNode o = OciReply.JSON.createObjectNode();
    o.put("id", r.id());
    o.put("availabilityDomain", r.ad());
    o.put("compartmentId", OciModel.COMPARTMENT);
    o.put("displayName", "gpu-reservation");
    ObjectNode tags = o.putObject("freeformTags");
    r.freeformTags().forEach(tags::put);
    o.putObject("definedTags");
    o.put("lifecycleState", state);
    o.put("isDefaultReservation", false);
    o.put("reservedInstanceCount", r.reserved());
    o.put("usedInstanceCount", used);
    o.put("timeCreated", r.created().toString());
    return o;
  }
}
