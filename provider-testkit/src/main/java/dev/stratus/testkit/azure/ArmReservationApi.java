package dev.stratus.testkit.azure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.testkit.azure.ArmReservations.Member;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The capacity reservation paths of {@link ArmModel} (GET of a group, with {@code
 * $expand=instanceView}, the list of groups, a reservation, with its {@code instanceView}, the
 * reservations of a group) and what a VM PUT that names a group meets: Spot VMs cannot use one (400
 * {@code InvalidParameter}), a group that does not exist is 404 {@code
 * CapacityReservationGroupNotFound}, a group without a reservation of the VM's size in its zone, a
 * reservation not {@code Succeeded}, or a Block reservation outside its schedule is 409 {@code
 * OperationNotAllowed}; a full Block reservation fails the create's operation with {@code
 * ZonalAllocationFailed} (Block reservations cannot be overallocated). A Targeted one may be
 * overallocated, as ARM allows: the VM is then allocated like any other.
 */
final class ArmReservationApi {
  private ArmReservationApi() {}

  static ArmReply route(
      ArmModel model,
      ArmReservations crs,
      List<ObjectNode> vms,
      String method,
      String group,
      boolean members,
      String member,
      Map<String, String> query) {
    if (!method.equals("GET")) {
      return ArmReply.error(405, "MethodNotAllowed", method + " is not supported here");
    }
    boolean view = "instanceView".equalsIgnoreCase(query.get("$expand"));
    if (group == null) {
      ObjectNode page = ArmReply.JSON.createObjectNode();
      ArrayNode value = page.putArray("value");
      for (String g : crs.groupNames()) {
        value.add(crs.groupJson(g, ArmReservations.ids(inGroup(crs, g, vms)), false, vms));
      }
      return ArmReply.ok(200, page);
    }
    if (!crs.hasGroup(group)) {
      return model.notFound("capacityReservationGroups", group);
    }
    if (!members) {
      return ArmReply.ok(
          200, crs.groupJson(group, ArmReservations.ids(inGroup(crs, group, vms)), view, vms));
    }
    if (member == null) {
      ObjectNode page = ArmReply.JSON.createObjectNode();
      ArrayNode value = page.putArray("value");
      crs.membersOf(group).forEach(m -> value.add(crs.memberJson(m, false, in(crs, m, vms))));
      return ArmReply.ok(200, page);
    }
    Member m = crs.member(group, member);
    return m == null
        ? model.notFound("capacityReservationGroups/" + group + "/capacityReservations", member)
        : ArmReply.ok(200, crs.memberJson(m, view, in(crs, m, vms)));
  }

  /** The refusal a VM PUT meets at once, or null when it may go on. */
  static ArmReply refuse(
      ArmReservations crs, JsonNode vm, String size, String zone, boolean spot, Instant now) {
    Optional<String> groupId = ArmReservations.groupIdOf(vm);
    if (groupId.isEmpty()) {
      return null;
    }
    if (spot) {
      return ArmReply.error(
          400,
          "InvalidParameter",
          "Spot VMs cannot be associated with a capacity reservation group.");
    }
    String group = groupId.get().substring(groupId.get().lastIndexOf('/') + 1);
    if (!crs.hasGroup(group) || !groupId.get().equalsIgnoreCase(crs.groupId(group))) {
      return ArmReply.error(
          404,
          "CapacityReservationGroupNotFound",
          "The capacity reservation group '" + groupId.get() + "' was not found.");
    }
    Optional<Member> m = crs.memberFor(groupId.get(), size, zone);
    if (m.isEmpty()) {
      return notAllowed(
          "Capacity reservation group '"
              + group
              + "' has no capacity reservation for VM size '"
              + size
              + "' in zone '"
              + zone
              + "'.");
    }
    if (!"Succeeded".equals(m.get().provisioningState())) {
      return notAllowed(
          "Capacity reservation '"
              + m.get().name()
              + "' is in provisioning state '"
              + m.get().provisioningState()
              + "' and cannot take VMs yet.");
    }
    if (m.get().block() && (now.isBefore(m.get().start()) || !now.isBefore(m.get().end()))) {
      return notAllowed(
          "Capacity reservation '"
              + m.get().name()
              + "' takes VMs only from "
              + m.get().start()
              + " to "
              + m.get().end()
              + ".");
    }
    return null;
  }

  /** The failure of the create's operation for a full Block reservation, or null. */
  static ObjectNode full(
      ArmReservations crs, JsonNode vm, String size, String zone, List<ObjectNode> vms) {
    Optional<Member> m = ArmReservations.groupIdOf(vm).flatMap(g -> crs.memberFor(g, size, zone));
    if (m.isEmpty() || !m.get().block() || in(crs, m.get(), vms).size() < m.get().capacity()) {
      return null;
    }
    return ArmReply.errorBody(
        "ZonalAllocationFailed",
        "Allocation failed. Capacity reservation '"
            + m.get().name()
            + "' has all its "
            + m.get().capacity()
            + " instances in use; Block capacity reservations cannot be overallocated.");
  }

  /** The VMs a reservation holds: of its group, size and zone, and not failed. */
  static List<ObjectNode> in(ArmReservations crs, Member m, List<ObjectNode> vms) {
    String groupId = crs.groupId(m.group());
    return vms.stream()
        .filter(vm -> ArmReservations.groupIdOf(vm).filter(groupId::equalsIgnoreCase).isPresent())
        .filter(
            vm ->
                vm.path("properties")
                    .path("hardwareProfile")
                    .path("vmSize")
                    .asText()
                    .equalsIgnoreCase(m.size()))
        .filter(vm -> vm.path("zones").path(0).asText("").equals(m.zone()))
        .filter(vm -> !"Failed".equals(vm.path("properties").path("provisioningState").asText()))
        .toList();
  }

  static List<ObjectNode> inGroup(ArmReservations crs, String group, List<ObjectNode> vms) {
    String groupId = crs.groupId(group);
    return vms.stream()
        .filter(vm -> ArmReservations.groupIdOf(vm).filter(groupId::equalsIgnoreCase).isPresent())
        .toList();
  }

  private static ArmReply notAllowed(String message) {
    return ArmReply.error(409, "OperationNotAllowed", message);
  }
}
