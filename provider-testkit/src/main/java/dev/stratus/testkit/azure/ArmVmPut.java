package dev.stratus.testkit.azure;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;

/**
 * A VM PUT as ARM validates and starts it: bad bodies are refused at once (400 InvalidParameter), a
 * size the location (or zone, or spot market) does not offer is 409 SkuNotAvailable, a PUT on an
 * existing healthy VM is an update (200, no second VM), a new VM is 201 Creating with an {@code
 * Azure-AsyncOperation} to poll. Allocation failures (exhausted offering, failed node, injected)
 * end the operation Failed.
 */
final class ArmVmPut {
  private ArmVmPut() {}

  static ArmReply put(
      ArmModel model,
      ArmVms state,
      String name,
      String body,
      String base,
      ObjectNode injectedFailure,
      int polls) {
    ObjectNode vm = parse(body);
    if (vm == null || !(vm.get("properties") instanceof ObjectNode p)) {
      return invalid("The request content is not a VM with properties.");
    }
    if (!model.location.equalsIgnoreCase(vm.path("location").asText())) {
      return invalid("location '" + vm.path("location").asText() + "' is not " + model.location);
    }
    String size = p.path("hardwareProfile").path("vmSize").asText("");
    if (size.isEmpty()) {
      return invalid("properties.hardwareProfile.vmSize is required.");
    }
    if (!p.path("storageProfile").path("imageReference").isObject()) {
      return invalid("properties.storageProfile.imageReference is required.");
    }
    String problem = network(model, p.path("networkProfile"));
    if (problem != null) {
      return invalid(problem);
    }
    boolean spot = "Spot".equals(p.path("priority").asText());
    if (spot && !p.path("evictionPolicy").isTextual()) {
      return invalid("evictionPolicy is required for Spot VMs.");
    }
    if (spot && !p.path("billingProfile").path("maxPrice").isNumber()) {
      return invalid("billingProfile.maxPrice is required for Spot VMs.");
    }
    for (Iterator<String> it = vm.path("tags").fieldNames(); it.hasNext(); ) {
      String tag = it.next();
      if (tag.matches(".*[<>%&\\\\?/].*")) {
        return ArmReply.error(
            400, "InvalidTagNameCharacters", "tag name '" + tag + "' has <>%&\\?/");
      }
    }
    String zone = vm.path("zones").path(0).asText("");
    if (!model.sizeOffered(size) || model.faults().skuNotAvailable(size, zone, spot)) {
      return ArmReply.error(
          409,
          "SkuNotAvailable",
          "The requested size for resource '"
              + model.vmId(name)
              + "' is currently not available in location '"
              + model.location
              + "' zones '"
              + zone
              + "' for subscription '"
              + model.subscription
              + "'. Please try another size or deploy to a different location or zones.");
    }
    ObjectNode existing = state.vm(name);
    if (existing != null
        && !"Failed".equals(existing.path("properties").path("provisioningState").asText())) {
      return ArmReply.ok(200, existing);
    }
    if (existing != null) {
      state.delete(name);
    }
    if (!p.path("proximityPlacementGroup").path("id").asText("").isEmpty()
        && state.placementGroupOf(vm).isEmpty()) {
      return ArmReply.error(
          404, "NotFound", "The proximity placement group in the request does not exist.");
    }
    ArmReply refused =
        ArmReservationApi.refuse(
            model.reservations(), vm, size, zone, spot, model.clock().instant());
    if (refused != null) {
      return refused;
    }
    ObjectNode failure = injectedFailure;
    if (failure == null) {
      failure = ArmReservationApi.full(model.reservations(), vm, size, zone, state.allVms());
    }
    if (failure == null
        && (model.faults().exhausted(size, zone, spot)
            || model.faults().failsNode(vm.path("tags").path("stratus:node").asText(null)))) {
      failure =
          zone.isEmpty()
              ? ArmReply.errorBody(
                  "AllocationFailed",
                  "Allocation failed. We do not have sufficient capacity for the requested VM size in this region.")
              : ArmReply.errorBody(
                  "ZonalAllocationFailed",
                  "Allocation failed. We do not have sufficient capacity for the requested VM size in this zone.");
    }
    String op = state.create(name, vm, failure, polls, model.clock().instant());
    return model.retryAfter(
        ArmReply.ok(201, state.vm(name))
            .withHeader("Azure-AsyncOperation", base + model.opPath(op)));
  }

  private static String network(ArmModel model, JsonNode net) {
    JsonNode nics = net.path("networkInterfaceConfigurations");
    if (!nics.isArray() || nics.isEmpty()) {
      return "properties.networkProfile needs networkInterfaces or networkInterfaceConfigurations.";
    }
    if (!"2020-11-01".equals(net.path("networkApiVersion").asText())
        && !"2022-11-01".equals(net.path("networkApiVersion").asText())) {
      return "networkApiVersion is required with networkInterfaceConfigurations.";
    }
    String subnet =
        nics.path(0)
            .path("properties")
            .path("ipConfigurations")
            .path(0)
            .path("properties")
            .path("subnet")
            .path("id")
            .asText("");
    if (!subnet.equalsIgnoreCase(model.subnetId)) {
      return "subnet '" + subnet + "' does not exist.";
    }
    return null;
  }

  static ObjectNode parse(String body) {
    try {
      JsonNode n = ArmReply.JSON.readTree(body == null ? "" : body);
      return n instanceof ObjectNode o ? o : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  private static ArmReply invalid(String message) {
    return ArmReply.error(400, "InvalidParameter", message);
  }
}
