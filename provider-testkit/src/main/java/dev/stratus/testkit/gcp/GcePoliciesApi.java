package dev.stratus.testkit.gcp;

import static dev.stratus.testkit.gcp.GceJson.error;
import static dev.stratus.testkit.gcp.GceJson.notFound;
import static dev.stratus.testkit.gcp.GceJson.ok;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** The regional half of the model: resource policies and regional operations. */
final class GcePoliciesApi {
  private GcePoliciesApi() {}

  static ResponseDefinition route(
      GceModel model, String method, String region, String rest, JsonNode body, Request req) {
    GceState s = model.state;
    String scope = "regions/" + region;
    if (rest.startsWith("/operations/") && method.equals("GET")) {
      GceOperation op = s.operations.get(rest.substring("/operations/".length()));
      return op == null || !op.scope.equals(scope)
          ? notFound("projects/" + s.project + "/" + scope + rest)
          : ok(op.json(model.base()));
    }
    if (rest.equals("/resourcePolicies") && method.equals("GET")) {
      ObjectNode list = GceJson.object().put("kind", "compute#resourcePolicyList");
      var items = list.putArray("items");
      s.policies.values().forEach(items::add);
      return ok(list);
    }
    if (rest.equals("/resourcePolicies") && method.equals("POST")) {
      String requestId = GceModel.query(req, "requestId");
      var earlier = s.remembered(requestId);
      if (earlier.isPresent()) {
        return ok(earlier.get().json(model.base()));
      }
      String name = body.path("name").asText();
      if (s.policies.containsKey(name)) {
        return error(409, "alreadyExists", "The resource '" + name + "' already exists");
      }
      if (!"COLLOCATED".equals(body.path("groupPlacementPolicy").path("collocation").asText())) {
        return error(400, "invalid", "the model only knows COLLOCATED group placement policies");
      }
      ObjectNode policy = ((ObjectNode) body).deepCopy();
      policy.put("kind", "compute#resourcePolicy").put("status", "READY");
      policy.put(
          "creationTimestamp",
          OffsetDateTime.ofInstant(s.clock.instant(), ZoneOffset.ofHours(-7)).toString());
      policy.put("selfLink", model.base() + "/" + scope + "/resourcePolicies/" + name);
      GceOperation op =
          s.newOperation(scope, "insert", policy.path("selfLink").asText(), null, null);
      s.policies.put(name, policy);
      s.remember(requestId, op);
      return ok(op.json(model.base()));
    }
    if (rest.startsWith("/resourcePolicies/") && method.equals("DELETE")) {
      String name = rest.substring("/resourcePolicies/".length());
      if (!s.policies.containsKey(name)) {
        return notFound("projects/" + s.project + "/" + scope + rest);
      }
      if (s.policyInUse(name)) {
        return error(
            400,
            "resourceInUseByAnotherResource",
            "The resource_policy resource '" + name + "' is already being used by an instance");
      }
      s.policies.remove(name);
      return ok(s.newOperation(scope, "delete", name, null, null).json(model.base()));
    }
    return error(400, "badRequest", "the model does not serve " + method + " " + scope + rest);
  }
}
