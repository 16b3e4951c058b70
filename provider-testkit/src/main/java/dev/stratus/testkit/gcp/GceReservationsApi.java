package dev.stratus.testkit.gcp;

import static dev.stratus.testkit.gcp.GceJson.notFound;
import static dev.stratus.testkit.gcp.GceJson.ok;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.util.List;
import java.util.Map;

/**
 * Zonal {@code reservations} and {@code futureReservations}: {@code list} (pages of {@code
 * maxResults}, at most the model's page size, through {@code nextPageToken}) and {@code get}.
 * Read-only: the model's test hooks make and end them, as an operator or GCE would.
 */
final class GceReservationsApi {
  private GceReservationsApi() {}

  /** The answer, or null when {@code rest} is not a reservations path. */
  static ResponseDefinition route(
      GceModel model,
      String method,
      String zone,
      String rest,
      Request req,
      int pageSize,
      int token) {
    if (!method.equals("GET")) {
      return null;
    }
    GceState s = model.state;
    String zonePath = "projects/" + s.project + "/zones/" + zone;
    Map<String, ObjectNode> instances = s.instances.get(zone);
    if (rest.equals("/reservations")) {
      List<ObjectNode> all =
          s.reservations.reservations.get(zone).values().stream()
              .map(r -> r.json(model.base(), s.reservations.inUse(r, instances)))
              .toList();
      return ok(GceJson.page("compute#reservationList", all, pageSize, req, token));
    }
    if (rest.equals("/futureReservations")) {
      List<ObjectNode> all =
          s.reservations.future.get(zone).values().stream().map(f -> f.json(model.base())).toList();
      return ok(GceJson.page("compute#futureReservationsListResponse", all, pageSize, req, token));
    }
    if (rest.startsWith("/reservations/")) {
      GceReservation r =
          s.reservations.reservations.get(zone).get(rest.substring("/reservations/".length()));
      return r == null
          ? notFound(zonePath + rest)
          : ok(r.json(model.base(), s.reservations.inUse(r, instances)));
    }
    if (rest.startsWith("/futureReservations/")) {
      GceFutureReservation f =
          s.reservations.future.get(zone).get(rest.substring("/futureReservations/".length()));
      return f == null ? notFound(zonePath + rest) : ok(f.json(model.base()));
    }
    return null;
  }
}
