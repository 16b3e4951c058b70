package dev.stratus.testkit.oci;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * What LaunchInstance refuses before it looks for a host (LaunchInstanceDetails reference, Tagging
 * and Preemptible Instances limits): missing required fields, an unknown compartment (404), AD,
 * shape, image or subnet, metadata over 32,000 bytes, a freeform tag key with a period or a space
 * or over 100 characters (values at most 256), preemptible capacity for a bare-metal shape or with
 * a capacity reservation, a reservation or compute cluster in another AD, a reservation that is
 * gone ({@code 400 RelatedResourceNotAuthorizedOrNotFound}) or not ACTIVE ({@code 409
 * IncorrectState}).
 */
final class OciLaunchRules {
  private OciLaunchRules() {}

  static OciReply refuse(JsonNode d, OciModel model) {
    for (String f : new String[] {"availabilityDomain", "compartmentId", "shape"}) {
      if (!d.hasNonNull(f)) {
        return OciReply.error(400, "MissingParameter", f + " is required");
      }
    }
    if (!OciModel.COMPARTMENT.equals(d.path("compartmentId").asText())) {
      return OciReply.notFound();
    }
    String ad = d.path("availabilityDomain").asText();
    String shape = d.path("shape").asText();
    if (!OciModel.ADS.contains(ad)) {
      return OciReply.invalid("Invalid availabilityDomain " + ad);
    }
    if (!OciModel.SHAPES.contains(shape)) {
      return OciReply.invalid("Shape " + shape + " not found");
    }
    if (!OciModel.IMAGE.equals(d.path("sourceDetails").path("imageId").asText())
        || !OciModel.SUBNET.equals(d.path("createVnicDetails").path("subnetId").asText())) {
      return OciReply.error(
          400,
          "RelatedResourceNotAuthorizedOrNotFound",
          "The image or subnet in the request was not found or is not authorized.");
    }
    if (d.path("metadata").toString().length() > 32_000) {
      return OciReply.invalid("metadata exceeds the maximum size of 32000 bytes");
    }
    String tags = badTag(d.path("freeformTags"));
    if (tags != null) {
      return OciReply.invalid(tags);
    }
    String reservation = d.path("capacityReservationId").asText(null);
    if (d.has("preemptibleInstanceConfig")) {
      if (shape.startsWith("BM.")) {
        return OciReply.invalid(
            "Preemptible capacity is not supported for bare metal shape " + shape);
      }
      if (reservation != null) {
        return OciReply.invalid(
            "Preemptible instances cannot be launched in a capacity reservation");
      }
    }
    if (reservation != null) {
      OciModel.Reservation r = model.reservationOf(reservation);
      String state = r == null ? "DELETED" : model.reservationState(reservation);
      if (state.equals("DELETED")) {
        return OciReply.error(
            400, "RelatedResourceNotAuthorizedOrNotFound", "Capacity reservation not found");
      }
      if (!state.equals("ACTIVE")) {
        return OciReply.error(
            409,
            "IncorrectState",
            "Capacity reservation " + reservation + " is " + state + ", not ACTIVE.");
      }
      if (!r.ad().equals(ad) || !r.shape().equals(shape)) {
        return OciReply.invalid("The capacity reservation is for " + r.shape() + " in " + r.ad());
      }
    }
    String cluster = d.path("computeClusterId").asText(null);
    if (cluster != null) {
      var c = model.compute.cluster(cluster);
      if (c.isEmpty()) {
        return OciReply.error(
            400, "RelatedResourceNotAuthorizedOrNotFound", "Compute cluster not found");
      }
      if (!c.get().ad().equals(ad) || !shape.startsWith("BM.GPU")) {
        return OciReply.invalid("The compute cluster does not take " + shape + " in " + ad);
      }
    }
    return null;
  }

  private static String badTag(JsonNode tags) {
    for (Map.Entry<String, JsonNode> e : tags.properties()) {
      String k = e.getKey();
      if (k.isEmpty()
          || k.length() > 100
          || k.contains(".")
          || k.chars().anyMatch(Character::isWhitespace)) {
        return "Invalid freeform tag key '" + k + "'";
      }
      if (e.getValue().asText().length() > 256) {
        return "Freeform tag value of '" + k + "' exceeds 256 characters";
      }
    }
    return null;
  }
}
