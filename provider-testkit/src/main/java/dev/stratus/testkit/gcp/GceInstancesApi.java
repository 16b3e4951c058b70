package dev.stratus.testkit.gcp;

import static dev.stratus.testkit.gcp.GceJson.error;
import static dev.stratus.testkit.gcp.GceJson.notFound;
import static dev.stratus.testkit.gcp.GceJson.ok;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** The zonal half of the model: instances, zonal operations, the zone, machine types. */
final class GceInstancesApi {
  private GceInstancesApi() {}

  static ResponseDefinition route(
      GceModel model,
      String method,
      String zone,
      String rest,
      JsonNode body,
      Request req,
      int pageSize,
      int token) {
    GceState s = model.state;
    String zonePath = "projects/" + s.project + "/zones/" + zone;
    if (rest.isEmpty() && method.equals("GET")) {
      ObjectNode z = GceJson.object();
      z.put("kind", "compute#zone").put("name", zone).put("status", "UP");
      z.put("region", model.base() + "/regions/" + zone.substring(0, zone.lastIndexOf('-')));
      return ok(z);
    }
    if (rest.startsWith("/operations/") && method.equals("GET")) {
      GceOperation op = s.operations.get(rest.substring("/operations/".length()));
      return op == null || !op.scope.equals("zones/" + zone)
          ? notFound(zonePath + rest)
          : ok(op.json(model.base()));
    }
    if (rest.startsWith("/machineTypes/") && method.equals("GET")) {
      String type = rest.substring("/machineTypes/".length());
      int[] spec = model.machineTypes().get(type);
      if (spec == null || !s.offers(zone, type)) {
        return notFound(zonePath + rest);
      }
      ObjectNode t = GceJson.object();
      t.put("kind", "compute#machineType").put("name", type).put("zone", zone);
      t.put("guestCpus", spec[0]).put("memoryMb", spec[1]);
      return ok(t);
    }
    ResponseDefinition reservations =
        GceReservationsApi.route(model, method, zone, rest, req, pageSize, token);
    if (reservations != null) {
      return reservations;
    }
    Map<String, ObjectNode> here = s.instances.get(zone);
    if (rest.equals("/instances") && method.equals("GET")) {
      List<ObjectNode> all = new ArrayList<>(here.values());
      all.removeIf(i -> !matches(i, GceModel.filter(req)));
      return ok(GceJson.page("compute#instanceList", all, pageSize, req, token));
    }
    if (rest.equals("/instances") && method.equals("POST")) {
      return insert(model, zone, List.of(body.path("name").asText()), body, 1, req);
    }
    if (rest.equals("/instances/bulkInsert") && method.equals("POST")) {
      List<String> names = new ArrayList<>();
      body.path("perInstanceProperties").fieldNames().forEachRemaining(names::add);
      int count = body.path("count").asInt();
      int min = body.has("minCount") ? body.path("minCount").asInt() : count;
      if (names.size() != count) {
        return error(400, "invalid", "perInstanceProperties must name count instances");
      }
      return insert(model, zone, names, body.path("instanceProperties"), min, req);
    }
    if (rest.startsWith("/instances/")) {
      String name = rest.substring("/instances/".length());
      ObjectNode i = here.get(name);
      if (i == null) {
        return notFound(zonePath + rest);
      }
      if (method.equals("GET")) {
        return ok(i);
      }
      if (method.equals("DELETE")) {
        i.put("status", "STOPPING");
        return ok(
            s.newOperation(
                    "zones/" + zone,
                    "delete",
                    i.path("selfLink").asText(),
                    () -> here.remove(name),
                    null)
                .json(model.base()));
      }
    }
    return error(400, "badRequest", "the model does not serve " + method + " " + rest);
  }

  private static ResponseDefinition insert(
      GceModel model, String zone, List<String> names, JsonNode props, int min, Request req) {
    GceState s = model.state;
    String requestId = GceModel.query(req, "requestId");
    var earlier = s.remembered(requestId);
    if (earlier.isPresent()) {
      return ok(earlier.get().json(model.base()));
    }
    String type = GceState.last(props.path("machineType").asText());
    if (!model.machineTypes().containsKey(type) || !s.offers(zone, type)) {
      String field =
          names.size() == 1 && !req.getUrl().contains("bulkInsert")
              ? "resource.machineType"
              : "resource.instanceProperties.machineType";
      return error(
          400,
          "invalid",
          "Invalid value for field '"
              + field
              + "': '"
              + props.path("machineType").asText()
              + "'. Machine type with name '"
              + type
              + "' does not exist in zone '"
              + zone
              + "'.");
    }
    for (String name : names) {
      if (!GceState.NAME.matcher(name).matches()) {
        return error(400, "invalid", "Invalid value for field 'resource.name': '" + name + "'");
      }
      if (s.instances.get(zone).containsKey(name)) {
        return error(409, "alreadyExists", "The resource '" + name + "' already exists");
      }
    }
    Iterator<Map.Entry<String, JsonNode>> labels = props.path("labels").fields();
    while (labels.hasNext()) {
      var l = labels.next();
      if (!GceState.LABEL_KEY.matcher(l.getKey()).matches()
          || !GceState.LABEL_VALUE.matcher(l.getValue().asText()).matches()) {
        return error(400, "invalid", "Invalid label " + l.getKey() + "=" + l.getValue().asText());
      }
    }
    String operationType =
        names.size() == 1 && !req.getUrl().contains("bulkInsert") ? "insert" : "bulkInsert";
    String invalid =
        GceScheduling.problem(
            props, operationType.equals("insert") ? "resource." : "resource.instanceProperties.");
    if (invalid != null) {
      return error(400, "invalid", invalid);
    }
    String[] failure = s.takeInsertFailure();
    if (failure == null) {
      failure = s.create(zone, names, props, min, model.base(), model.machineTypes());
    }
    String target =
        model.base()
            + "/zones/"
            + zone
            + "/instances"
            + (operationType.equals("insert") ? "/" + names.get(0) : "");
    GceOperation op =
        s.newOperation(
            "zones/" + zone, operationType, target, () -> s.running(zone, names), failure);
    s.remember(requestId, op);
    return ok(op.json(model.base()));
  }

  static ResponseDefinition aggregated(
      GceModel model, List<String[]> filter, int pageSize, int token) {
    GceState s = model.state;
    List<String[]> hits = new ArrayList<>();
    s.instances.forEach(
        (zone, byName) ->
            byName.forEach(
                (name, i) -> {
                  if (matches(i, filter)) {
                    hits.add(new String[] {zone, name});
                  }
                }));
    ObjectNode list = GceJson.object();
    list.put("kind", "compute#instanceAggregatedList");
    list.put("id", "projects/" + s.project + "/aggregated/instances");
    ObjectNode items = list.putObject("items");
    hits.stream()
        .skip(token)
        .limit(pageSize)
        .forEach(
            h ->
                ((ObjectNode) items.with("zones/" + h[0]))
                    .withArray("instances")
                    .add(s.instances.get(h[0]).get(h[1])));
    for (String zone : s.instances.keySet()) {
      if (!items.has("zones/" + zone)) {
        ObjectNode w = items.putObject("zones/" + zone).putObject("warning");
        w.put("code", "NO_RESULTS_ON_PAGE");
        w.put("message", "There are no results for scope 'zones/" + zone + "' on this page.");
        w.putArray("data").addObject().put("key", "scope").put("value", "zones/" + zone);
      }
    }
    if (token + pageSize < hits.size()) {
      list.put("nextPageToken", String.valueOf(token + pageSize));
    }
    return ok(list);
  }

  private static boolean matches(JsonNode instance, List<String[]> filter) {
    for (String[] term : filter) {
      if (!term[1].equals(instance.path("labels").path(term[0]).asText(null))) {
        return false;
      }
    }
    return true;
  }
}
