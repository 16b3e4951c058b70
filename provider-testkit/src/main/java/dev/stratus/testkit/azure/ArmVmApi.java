package dev.stratus.testkit.azure;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The virtual machine paths of {@link ArmModel}: GET (with {@code $expand=instanceView}), the
 * {@code instanceView} sub-resource, DELETE, PUT ({@link ArmVmPut}) and the paged list, which
 * refuses {@code $expand=instanceView} without a {@code $filter} as ARM documents.
 */
final class ArmVmApi {
  private ArmVmApi() {}

  static ArmReply vm(
      ArmModel model,
      ArmVms state,
      String method,
      String name,
      String subResource,
      Map<String, String> query,
      String body,
      String base) {
    if (subResource != null) {
      ObjectNode view = state.instanceView(name);
      return !method.equals("GET")
          ? ArmReply.error(405, "MethodNotAllowed", method + " is not supported here")
          : view == null ? model.notFound("virtualMachines", name) : ArmReply.ok(200, view);
    }
    switch (method) {
      case "GET" -> {
        ObjectNode vm = state.vm(name);
        if (vm == null) {
          return model.notFound("virtualMachines", name);
        }
        if ("instanceView".equals(query.get("$expand"))) {
          vm = vm.deepCopy();
          ((ObjectNode) vm.get("properties")).set("instanceView", state.instanceView(name));
        }
        return ArmReply.ok(200, vm);
      }
      case "DELETE" -> {
        if (!state.delete(name)) {
          return ArmReply.empty(204);
        }
        String op = base + model.opPath(UUID.randomUUID().toString());
        return model.retryAfter(
            ArmReply.empty(202).withHeader("Azure-AsyncOperation", op).withHeader("Location", op));
      }
      case "PUT" -> {
        return ArmVmPut.put(
            model, state, name, body, base, model.nextOperationFailure(), model.pollsBeforeDone());
      }
      default -> {
        return ArmReply.error(405, "MethodNotAllowed", method + " is not supported here");
      }
    }
  }

  static ArmReply list(
      ArmModel model, ArmVms state, Map<String, String> query, String base, int pageSize) {
    if (query.containsKey("$expand") && !query.containsKey("$filter")) {
      return ArmReply.error(
          400,
          "InvalidParameter",
          "The $expand=instanceView query option can only be specified with a valid $filter.");
    }
    List<ObjectNode> all = state.allVms();
    int from = Integer.parseInt(query.getOrDefault("$skiptoken", "0"));
    ObjectNode page = ArmReply.JSON.createObjectNode();
    ArrayNode value = page.putArray("value");
    all.subList(Math.min(from, all.size()), Math.min(from + pageSize, all.size()))
        .forEach(value::add);
    if (from + pageSize < all.size()) {
      page.put(
          "nextLink",
          base
              + "/subscriptions/"
              + model.subscription
              + "/resourceGroups/"
              + model.resourceGroup
              + "/providers/Microsoft.Compute/virtualMachines?api-version="
              + ArmModel.COMPUTE_API
              + "&$skiptoken="
              + (from + pageSize));
    }
    return ArmReply.ok(200, page);
  }
}
