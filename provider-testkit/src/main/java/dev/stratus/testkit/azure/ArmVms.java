package dev.stratus.testkit.azure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The virtual machines, proximity placement groups and asynchronous operations of one resource
 * group. VM creation is a long-running operation as in ARM: the PUT answers 201 with {@code
 * provisioningState: Creating}; the operation goes on whether or not anyone polls it (each request
 * to the model is a tick) and ends {@code Succeeded} (the VM runs: power state {@code running}) or
 * {@code Failed} with {@code error.code} (e.g. {@code AllocationFailed}); polls answer {@code
 * InProgress} until then. A VM whose allocation failed stays, in state {@code Failed}, until
 * deleted — as in Azure; a VM can also be stopped or deallocated, which only its instance view
 * shows. Names are case-insensitive, as in ARM. Not thread-safe: {@link ArmModel} serialises
 * access.
 */
final class ArmVms {
  /** A VM create in flight: how many more ticks it takes, how it ends, when it ended. */
  static final class Op {
    final String vm;
    int ticksLeft;
    final ObjectNode failure; // null: succeeds
    boolean done;

    Op(String vm, int ticksLeft, ObjectNode failure) {
      this.vm = vm;
      this.ticksLeft = ticksLeft;
      this.failure = failure;
    }
  }

  private final String rgId;
  private final Map<String, ObjectNode> vms = new TreeMap<>();
  private final Map<String, ObjectNode> ppgs = new TreeMap<>();
  private final Map<String, Op> ops = new TreeMap<>();
  private final Map<String, String> power = new TreeMap<>();
  private int created;

  ArmVms(String subscription, String resourceGroup) {
    this.rgId = "/subscriptions/" + subscription + "/resourceGroups/" + resourceGroup;
  }

  ObjectNode vm(String name) {
    return vms.get(key(name));
  }

  List<ObjectNode> allVms() {
    return List.copyOf(vms.values());
  }

  /**
   * Stores a new VM from the PUT body as ARM would echo it: ids filled in, secrets (customData,
   * userData) never echoed, state Creating; returns the operation id that finishes it.
   */
  String create(String name, ObjectNode body, ObjectNode failure, int polls, Instant now) {
    ObjectNode vm = body.deepCopy();
    String id = rgId + "/providers/Microsoft.Compute/virtualMachines/" + name;
    vm.put("id", id).put("name", name).put("type", "Microsoft.Compute/virtualMachines");
    ObjectNode p = (ObjectNode) vm.get("properties");
    p.put("vmId", UUID.randomUUID().toString());
    p.put("provisioningState", "Creating");
    p.put("timeCreated", now.toString());
    p.put("platformFaultDomain", created++ % 3);
    p.remove("userData");
    if (p.get("osProfile") instanceof ObjectNode os) {
      os.remove("customData");
      os.remove("adminPassword");
    }
    vms.put(key(name), vm);
    placementGroupOf(vm).ifPresent(g -> members(g).addObject().put("id", id));
    String op = UUID.randomUUID().toString();
    ops.put(op, new Op(name, polls, failure));
    return op;
  }

  /**
   * What time does between two requests: each operation in flight comes one tick nearer its end;
   * one that ends sets its VM's state ({@code Succeeded} and running, or {@code Failed}).
   */
  void tick() {
    for (Op op : ops.values()) {
      if (op.done) {
        continue;
      }
      if (op.ticksLeft-- > 0) {
        continue;
      }
      op.done = true;
      ObjectNode vm = vm(op.vm);
      if (vm != null) {
        ((ObjectNode) vm.get("properties"))
            .put("provisioningState", op.failure == null ? "Succeeded" : "Failed");
        if (op.failure == null) {
          power.put(key(op.vm), "running");
        }
      }
    }
  }

  /** An operation poll: InProgress while it runs, then how it ended. */
  ObjectNode poll(String opId, Instant now) {
    Op op = ops.get(opId);
    if (op == null) {
      return null;
    }
    ObjectNode status = ArmReply.JSON.createObjectNode().put("name", opId);
    if (!op.done) {
      return status.put("status", "InProgress");
    }
    status.put("endTime", now.toString());
    if (op.failure == null) {
      return status.put("status", "Succeeded");
    }
    status.put("status", "Failed");
    status.set("error", op.failure.get("error"));
    return status;
  }

  /** Power changes of an existing VM: {@code stopped}, {@code deallocated}, {@code running}. */
  void power(String name, String state) {
    if (vm(name) == null) {
      throw new IllegalArgumentException("no VM " + name);
    }
    power.put(key(name), state);
  }

  /** The VM's last operation failed. */
  void fail(String name) {
    ((ObjectNode) vm(name).get("properties")).put("provisioningState", "Failed");
  }

  /** ARM's instance view: fault domain, provisioning state, power state once it has one. */
  ObjectNode instanceView(String name) {
    ObjectNode vm = vm(name);
    if (vm == null) {
      return null;
    }
    JsonNode p = vm.get("properties");
    ObjectNode view = ArmReply.JSON.createObjectNode();
    view.put("platformFaultDomain", p.path("platformFaultDomain").asInt());
    ArrayNode statuses = view.putArray("statuses");
    String provisioning = p.path("provisioningState").asText();
    statuses
        .addObject()
        .put("code", "ProvisioningState/" + provisioning.toLowerCase(Locale.ROOT))
        .put("level", provisioning.equals("Failed") ? "Error" : "Info");
    String powerState = power.get(key(name));
    if (powerState != null) {
      statuses.addObject().put("code", "PowerState/" + powerState).put("level", "Info");
    }
    return view;
  }

  /** Deletes at once (ARM takes minutes; the provider never waits for it). */
  boolean delete(String name) {
    ObjectNode vm = vms.remove(key(name));
    power.remove(key(name));
    if (vm == null) {
      return false;
    }
    String id = vm.get("id").asText();
    placementGroupOf(vm)
        .ifPresent(
            g -> {
              for (Iterator<JsonNode> it = members(g).elements(); it.hasNext(); ) {
                if (it.next().path("id").asText().equalsIgnoreCase(id)) {
                  it.remove();
                }
              }
            });
    return true;
  }

  /**
   * Puts a VM in a Flexible scale set as ARM reports it: {@code properties.virtualMachineScaleSet}
   * with the set's id. False when there is no such VM.
   */
  boolean joinScaleSet(String vmName, String scaleSet) {
    ObjectNode vm = vm(vmName);
    if (vm == null) {
      return false;
    }
    ((ObjectNode) vm.get("properties"))
        .putObject("virtualMachineScaleSet")
        .put("id", rgId + "/providers/Microsoft.Compute/virtualMachineScaleSets/" + scaleSet);
    return true;
  }

  ObjectNode ppg(String name) {
    return ppgs.get(key(name));
  }

  List<ObjectNode> allPpgs() {
    return List.copyOf(ppgs.values());
  }

  /** PUT of a placement group: create, or update tags/zones and keep the members. */
  ObjectNode putPpg(String name, ObjectNode body) {
    ObjectNode existing = ppg(name);
    ObjectNode g = body.deepCopy();
    g.put("id", rgId + "/providers/Microsoft.Compute/proximityPlacementGroups/" + name);
    g.put("name", name).put("type", "Microsoft.Compute/proximityPlacementGroups");
    ObjectNode p =
        g.has("properties") ? (ObjectNode) g.get("properties") : g.putObject("properties");
    if (!p.has("proximityPlacementGroupType")) {
      p.put("proximityPlacementGroupType", "Standard");
    }
    p.set(
        "virtualMachines", existing == null ? ArmReply.JSON.createArrayNode() : members(existing));
    p.putArray("availabilitySets");
    p.putArray("virtualMachineScaleSets");
    ppgs.put(key(name), g);
    return g;
  }

  /** Null when deleted or absent; else the ids still in it. */
  List<String> deletePpg(String name) {
    ObjectNode g = ppg(name);
    if (g == null) {
      return null;
    }
    List<String> inUse = new ArrayList<>();
    members(g).forEach(m -> inUse.add(m.path("id").asText()));
    if (inUse.isEmpty()) {
      ppgs.remove(key(name));
    }
    return inUse;
  }

  /** The placement group a VM body names, if it exists here. */
  Optional<ObjectNode> placementGroupOf(JsonNode vm) {
    String id = vm.path("properties").path("proximityPlacementGroup").path("id").asText("");
    if (id.isEmpty()) {
      return Optional.empty();
    }
    return Optional.ofNullable(ppg(id.substring(id.lastIndexOf('/') + 1)));
  }

  private static ArrayNode members(ObjectNode ppg) {
    return (ArrayNode) ppg.get("properties").get("virtualMachines");
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
