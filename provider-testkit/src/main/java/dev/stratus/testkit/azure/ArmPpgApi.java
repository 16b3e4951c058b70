package dev.stratus.testkit.azure;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The proximity placement group paths of {@link ArmModel}: GET, PUT (create or update, members
 * kept), DELETE (refused with 409 while a VM is in the group) and the list.
 */
final class ArmPpgApi {
  private ArmPpgApi() {}

  static ArmReply ppg(ArmModel model, ArmVms state, String method, String name, String body) {
    switch (method) {
      case "GET" -> {
        ObjectNode g = state.ppg(name);
        return g == null ? model.notFound("proximityPlacementGroups", name) : ArmReply.ok(200, g);
      }
      case "PUT" -> {
        ObjectNode req = ArmVmPut.parse(body);
        if (req == null || !model.location.equalsIgnoreCase(req.path("location").asText())) {
          return ArmReply.error(400, "InvalidParameter", "location must be " + model.location);
        }
        boolean existed = state.ppg(name) != null;
        return ArmReply.ok(existed ? 200 : 201, state.putPpg(name, req));
      }
      case "DELETE" -> {
        List<String> inUse = state.deletePpg(name);
        if (inUse == null) {
          return ArmReply.empty(204);
        }
        return inUse.isEmpty()
            ? ArmReply.empty(200)
            : ArmReply.error(
                409,
                "OperationNotAllowed",
                "Proximity placement group "
                    + name
                    + " cannot be deleted while it is used by "
                    + inUse);
      }
      default -> {
        return ArmReply.error(405, "MethodNotAllowed", method + " is not supported here");
      }
    }
  }

  static ArmReply list(ArmVms state) {
    ObjectNode page = ArmReply.JSON.createObjectNode();
    ArrayNode value = page.putArray("value");
    state.allPpgs().forEach(value::add);
    return ArmReply.ok(200, page);
  }
}
