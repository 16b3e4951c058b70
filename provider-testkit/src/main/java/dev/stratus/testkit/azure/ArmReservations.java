package dev.stratus.testkit.azure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The capacity reservation groups of one resource group and their capacity reservations, as ARM
 * 2025-04-01 describes them: a reservation holds {@code sku.capacity} VMs of {@code sku.name} in
 * its zone (or regionally); a group of {@code reservationType: Block} carries a {@code
 * scheduleProfile} per reservation and takes VMs only inside it, one of {@code Targeted} (the
 * default) lasts until deleted. Which VMs a reservation holds is read off the VMs themselves
 * ({@code properties.capacityReservation.capacityReservationGroup.id}, size, zone). Not
 * thread-safe: {@link ArmModel} serialises access.
 */
final class ArmReservations {
  /** One member reservation; {@code start}/{@code end} are null for a Targeted one. */
  record Member(
      String group,
      String name,
      String size,
      String zone,
      int capacity,
      Instant start,
      Instant end,
      Instant created,
      String provisioningState,
      String reservationId) {
    boolean block() {
      return end != null;
    }
  }

  private final String rgId;
  private final String location;
  private final Map<String, Boolean> groups = new LinkedHashMap<>(); // name -> Block
  private final Map<String, Member> members = new LinkedHashMap<>(); // group/name lowercased

  ArmReservations(String rgId, String location) {
    this.rgId = rgId;
    this.location = location;
  }

  String groupId(String group) {
    return rgId + "/providers/Microsoft.Compute/capacityReservationGroups/" + group;
  }

  String memberId(Member m) {
    return groupId(m.group()) + "/capacityReservations/" + m.name();
  }

  void put(Member m, boolean block) {
    groups.put(key(m.group()), block);
    members.put(key(m.group() + "/" + m.name()), m);
  }

  Member member(String group, String name) {
    return members.get(key(group + "/" + name));
  }

  void provisioningState(String group, String name, String state) {
    Member m = member(group, name);
    members.put(
        key(group + "/" + name),
        new Member(
            m.group(),
            m.name(),
            m.size(),
            m.zone(),
            m.capacity(),
            m.start(),
            m.end(),
            m.created(),
            state,
            m.reservationId()));
  }

  boolean hasGroup(String group) {
    return groups.containsKey(key(group));
  }

  List<String> groupNames() {
    return members.values().stream().map(Member::group).distinct().toList();
  }

  List<Member> membersOf(String group) {
    return members.values().stream().filter(m -> m.group().equalsIgnoreCase(group)).toList();
  }

  /** Removes the group and its reservations; the VMs in it are the caller's to end. */
  void removeGroup(String group) {
    groups.remove(key(group));
    members.values().removeIf(m -> m.group().equalsIgnoreCase(group));
  }

  /** The group named by a VM body's capacity reservation profile, if it names one. */
  static Optional<String> groupIdOf(JsonNode vm) {
    String id =
        vm.path("properties")
            .path("capacityReservation")
            .path("capacityReservationGroup")
            .path("id")
            .asText("");
    return id.isEmpty() ? Optional.empty() : Optional.of(id);
  }

  /** The member a VM of this size and zone allocates from in the group with this ARM id. */
  Optional<Member> memberFor(String groupArmId, String size, String zone) {
    String prefix = rgId + "/providers/Microsoft.Compute/capacityReservationGroups/";
    if (!groupArmId.toLowerCase(Locale.ROOT).startsWith(prefix.toLowerCase(Locale.ROOT))) {
      return Optional.empty();
    }
    String group = groupArmId.substring(prefix.length());
    return membersOf(group).stream()
        .filter(m -> m.size().equalsIgnoreCase(size) && m.zone().equals(zone))
        .findFirst();
  }

  ObjectNode groupJson(
      String group, List<String> vmIds, boolean instanceView, List<ObjectNode> vms) {
    ObjectNode g = ArmReply.JSON.createObjectNode();
    g.put("id", groupId(group)).put("name", group);
    g.put("type", "Microsoft.Compute/capacityReservationGroups").put("location", location);
    List<Member> ms = membersOf(group);
    ArrayNode zones = g.putArray("zones");
    ms.stream().map(Member::zone).filter(z -> !z.isEmpty()).distinct().forEach(zones::add);
    ObjectNode p = g.putObject("properties");
    ArrayNode crs = p.putArray("capacityReservations");
    ms.forEach(m -> crs.addObject().put("id", memberId(m)));
    ArrayNode assoc = p.putArray("virtualMachinesAssociated");
    vmIds.forEach(id -> assoc.addObject().put("id", id));
    p.put("reservationType", Boolean.TRUE.equals(groups.get(key(group))) ? "Block" : "Targeted");
    if (instanceView) {
      ArrayNode views = p.putObject("instanceView").putArray("capacityReservations");
      ms.forEach(m -> views.add(view(m, vms).put("name", m.name())));
    }
    return g;
  }

  ObjectNode memberJson(Member m, boolean instanceView, List<ObjectNode> vms) {
    ObjectNode r = ArmReply.JSON.createObjectNode();
    r.put("id", memberId(m)).put("name", m.name());
    r.put("type", "Microsoft.Compute/capacityReservationGroups/capacityReservations");
    r.put("location", location);
    r.putObject("sku").put("name", m.size()).put("capacity", m.capacity());
    if (!m.zone().isEmpty()) {
      r.putArray("zones").add(m.zone());
    }
    ObjectNode p = r.putObject("properties");
    p.put("reservationId", m.reservationId()).put("platformFaultDomainCount", 1);
    ArrayNode assoc = p.putArray("virtualMachinesAssociated");
    vms.forEach(vm -> assoc.addObject().put("id", vm.path("id").asText()));
    p.put("provisioningState", m.provisioningState());
    p.put("provisioningTime", m.created().toString()).put("timeCreated", m.created().toString());
    if (m.block()) {
      p.putObject("scheduleProfile")
          .put("start", m.start().toString())
          .put("end", m.end().toString());
    }
    if (instanceView) {
      p.set("instanceView", view(m, vms));
    }
    return r;
  }

  /** {@code utilizationInfo}: the capacity and the VMs allocated from it, and the status. */
  private ObjectNode view(Member m, List<ObjectNode> vms) {
    ObjectNode v = ArmReply.JSON.createObjectNode();
    ObjectNode u = v.putObject("utilizationInfo").put("currentCapacity", m.capacity());
    ArrayNode allocated = u.putArray("virtualMachinesAllocated");
    vms.forEach(vm -> allocated.addObject().put("id", vm.path("id").asText()));
    v.putArray("statuses")
        .addObject()
        .put("code", "ProvisioningState/" + m.provisioningState().toLowerCase(Locale.ROOT))
        .put("level", "Info");
    return v;
  }

  static Member newMember(
      String group,
      String name,
      String size,
      String zone,
      int capacity,
      Instant start,
      Instant end,
      Instant created) {
    return new Member(
        group,
        name,
        size,
        zone == null ? "" : zone,
        capacity,
        start,
        end,
        created,
        "Succeeded",
        UUID.randomUUID().toString());
  }

  static List<String> ids(List<ObjectNode> vms) {
    List<String> ids = new ArrayList<>();
    vms.forEach(vm -> ids.add(vm.path("id").asText()));
    return ids;
  }

  private static String key(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
