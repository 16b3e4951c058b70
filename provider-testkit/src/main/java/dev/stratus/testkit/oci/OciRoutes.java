package dev.stratus.testkit.oci;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * OCI's paths ({@code /20160918} left off) to {@link OciModel}'s operations, without HTTP: the
 * server hands each authenticated request here, and a test can drive the same routes directly.
 */
final class OciRoutes {
  private final OciModel model;

  OciRoutes(OciModel model) {
    this.model = model;
  }

  /** One call; {@code body} is null for a call without one. */
  OciReply route(
      String method, String path, Map<String, String> q, String retryToken, String body) {
    String[] p = path.split("/");
    String collection = p.length > 1 ? p[1] : "";
    String id = p.length > 2 ? p[2] : null;
    try {
      return switch (method + " " + collection + (id == null ? "" : "/{id}")) {
        case "POST instances" -> model.launch(retryToken, OciReply.JSON.readTree(body));
        case "GET instances" -> model.listInstances(q);
        case "GET instances/{id}" -> model.getInstance(id);
        case "DELETE instances/{id}" -> model.terminate(id);
        case "POST computeClusters" ->
            model.createCluster(retryToken, OciReply.JSON.readTree(body));
        case "GET computeClusters" -> clusters(q);
        case "DELETE computeClusters/{id}" -> model.deleteCluster(id);
        case "GET computeHosts" -> hosts(q);
        case "GET shapes" ->
            OciReply.ok(OciResources.shapes(q.getOrDefault("availabilityDomain", "")));
        case "GET images/{id}" ->
            id.equals(OciModel.IMAGE) ? OciReply.ok(OciResources.image()) : OciReply.notFound();
        case "GET subnets/{id}" ->
            id.equals(OciModel.SUBNET) ? OciReply.ok(OciResources.subnet()) : OciReply.notFound();
        case "GET computeCapacityReservations/{id}" -> model.reservationReply(id);
        case "GET computeCapacityReservations" -> model.listReservations(q);
        default ->
            OciReply.error(
                404,
                "NotFound",
                "There is no operation supported at the URI path and HTTP method you specified");
      };
    } catch (IOException | IllegalArgumentException e) {
      return OciReply.error(400, "CannotParseRequest", "The request is incorrectly formatted.");
    }
  }

  private OciReply clusters(Map<String, String> q) {
    if (!OciModel.COMPARTMENT.equals(q.get("compartmentId"))) {
      return OciReply.notFound();
    }
    synchronized (model) {
      return OciJson.page(model.compute.clusters(q), q, OciJson::cluster, OciJson::items);
    }
  }

  private OciReply hosts(Map<String, String> q) {
    // OCI keeps compute hosts in the root compartment: another compartment lists none
    if (!OciModel.TENANCY.equals(q.get("compartmentId"))) {
      return OciJson.page(List.of(), q, OciJson::host, OciJson::items);
    }
    synchronized (model) {
      return OciJson.page(model.compute.hosts(), q, OciJson::host, OciJson::items);
    }
  }
}
