package dev.stratus.testkit.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Lambda Cloud account behind the documented API: instance types with the regions that have
 * capacity (none left: instance-types no longer lists the region and a launch is {@code 400
 * instance-operations/launch/insufficient-capacity}), a quota ({@code global/quota-exceeded}), SSH
 * keys, one launch per {@code launchInterval} (else 429), quantity at most 1, a list that shows a
 * new instance {@code listLag} after its launch, terminate refusing the whole call when one id is
 * unknown ({@code 404 global/object-does-not-exist}). Launch bodies are checked field by field
 * (LaunchInstanceRequest): unknown fields, a missing or second SSH key, a name over 64 characters,
 * user_data over 1 MiB, tag keys outside {@code [a-z0-9-]{1,55}} are {@code
 * global/invalid-parameters}.
 */
public final class LambdaModel {
  static final Set<String> LAUNCH_FIELDS =
      Set.of(
          "region_name",
          "instance_type_name",
          "ssh_key_names",
          "file_system_names",
          "quantity",
          "name",
          "user_data",
          "tags",
          "hostname",
          "image",
          "firewall_rulesets");
  static final List<String> REGIONS = List.of("us-east-1", "us-west-1", "us-south-1");

  record Type(String name, String gpu, int gpus, int vcpus, int memoryGib, int priceCents) {}

  private static final SecureRandom RANDOM = new SecureRandom();
  private final Clock clock;
  private final Map<String, Type> types = new LinkedHashMap<>();
  private final Map<String, Integer> capacity = new HashMap<>();
  private final Map<String, LambdaVm> vms = new LinkedHashMap<>();
  private final Set<String> sshKeys = new LinkedHashSet<>(Set.of("stratus-ops"));
  private final Set<String> failingNodes = new LinkedHashSet<>();
  private final Set<String> withdrawn = new LinkedHashSet<>();
  private int quota = Integer.MAX_VALUE;
  private Duration listLag = Duration.ZERO;
  private Duration launchInterval = Duration.ZERO;
  private Duration boot = Duration.ZERO;
  private Instant lastLaunch = Instant.MIN;

  public LambdaModel(Clock clock) {
    this.clock = clock;
    type(new Type("gpu_8x_h100_sxm5", "H100 (80 GB SXM5)", 8, 208, 1800, 3192));
    type(new Type("gpu_8x_a100_80gb_sxm4", "A100 (80 GB SXM4)", 8, 240, 1800, 2232));
    type(new Type("gpu_1x_h100_pcie", "H100 (80 GB PCIe)", 1, 26, 200, 329));
  }

  private void type(Type t) {
    types.put(t.name(), t);
  }

  public synchronized void exhaust(String type, String region) {
    capacity.put(type + "@" + region, 0);
  }

  public synchronized void capacity(String type, String region, int instances) {
    capacity.put(type + "@" + region, instances);
  }

  /** A launch of this node (the first part of the instance name) finds no capacity. */
  public synchronized void failLaunchesOf(String node) {
    failingNodes.add(node);
  }

  public synchronized void quota(int instances) {
    quota = instances;
  }

  public synchronized void listLag(Duration lag) {
    listLag = lag;
  }

  public synchronized void launchInterval(Duration interval) {
    launchInterval = interval;
  }

  public synchronized void boot(Duration boot) {
    this.boot = boot;
  }

  public synchronized List<String> liveIds() {
    return vms.values().stream().filter(LambdaVm::live).map(v -> v.id).toList();
  }

  public synchronized String userDataOf(String id) {
    return vms.get(id).userData;
  }

  public synchronized String nameOf(String id) {
    return vms.get(id).name;
  }

  public synchronized JsonNode tagsOf(String id) {
    return vms.get(id).tags;
  }

  /** Lambda stops offering the type: instance-types leaves it out (its instances stay). */
  public synchronized void withdraw(String type) {
    withdrawn.add(type);
  }

  /** Lambda's list price of the type changes. */
  public synchronized void reprice(String type, int priceCents) {
    Type t = types.get(type);
    types.put(type, new Type(t.name(), t.gpu(), t.gpus(), t.vcpus(), t.memoryGib(), priceCents));
  }

  synchronized LambdaReply instanceTypes() {
    ObjectNode data = LambdaReply.JSON.createObjectNode();
    for (Type t : types.values()) {
      if (withdrawn.contains(t.name())) {
        continue;
      }
      ObjectNode entry = data.putObject(t.name());
      entry.set("instance_type", LambdaJson.type(t));
      ArrayNode regions = entry.putArray("regions_with_capacity_available");
      REGIONS.stream()
          .filter(r -> left(t.name(), r) > 0)
          .forEach(r -> regions.add(LambdaJson.region(r)));
    }
    return LambdaReply.data(data);
  }

  synchronized LambdaReply launch(JsonNode b) {
    String refused = LambdaLaunchRules.refuse(b, types.keySet(), REGIONS, sshKeys);
    if (refused != null) {
      return LambdaReply.invalid(refused);
    }
    Instant now = clock.instant();
    if (now.isBefore(lastLaunch.plus(launchInterval))) {
      return LambdaReply.error(
          429, "global/unknown", "Too many launch requests", "Wait and try again");
    }
    lastLaunch = now;
    String type = b.get("instance_type_name").asText();
    String region = b.get("region_name").asText();
    String name = b.path("name").asText("");
    if (left(type, region) <= 0 || failingNodes.contains(name.split("\\.")[0])) {
      return LambdaReply.error(
          400,
          "instance-operations/launch/insufficient-capacity",
          "Not enough capacity to fulfill launch request.",
          "Choose an instance type with more availability, or try again later.");
    }
    if (vms.values().stream().filter(LambdaVm::live).count() >= quota) {
      return LambdaReply.error(
          400,
          "global/quota-exceeded",
          "Quota exceeded.",
          "Contact Support to increase your quota.");
    }
    capacity.computeIfPresent(type + "@" + region, (k, n) -> n - 1);
    byte[] id = new byte[16];
    RANDOM.nextBytes(id);
    LambdaVm vm = new LambdaVm(HexFormat.of().formatHex(id), b, now, listLag, boot, Duration.ZERO);
    vms.put(vm.id, vm);
    ObjectNode data = LambdaReply.JSON.createObjectNode();
    data.putArray("instance_ids").add(vm.id);
    return LambdaReply.data(data);
  }

  synchronized LambdaReply instances() {
    Instant now = clock.instant();
    ArrayNode list = LambdaReply.JSON.createArrayNode();
    vms.values().stream()
        .filter(v -> !v.listedFrom.isAfter(now) && !"terminated".equals(v.status(now)))
        .forEach(v -> list.add(LambdaJson.instance(v, types.get(v.type), now)));
    return LambdaReply.data(list);
  }

  synchronized LambdaReply instance(String id) {
    LambdaVm v = vms.get(id);
    return v == null
        ? LambdaReply.notFound("Specified instance does not exist.")
        : LambdaReply.data(LambdaJson.instance(v, types.get(v.type), clock.instant()));
  }

  synchronized LambdaReply terminate(JsonNode b) {
    JsonNode ids = b.path("instance_ids");
    if (!ids.isArray() || ids.isEmpty()) {
      return LambdaReply.invalid("instance_ids must be a non-empty list");
    }
    for (JsonNode id : ids) {
      LambdaVm v = vms.get(id.asText());
      if (v == null || !v.live()) {
        return LambdaReply.notFound("Specified instance does not exist.");
      }
    }
    ArrayNode done = LambdaReply.JSON.createArrayNode();
    Instant now = clock.instant();
    for (JsonNode id : ids) {
      LambdaVm v = vms.get(id.asText());
      v.terminatedAt = now;
      capacity.computeIfPresent(v.type + "@" + v.region, (k, n) -> n + 1);
      done.add(LambdaJson.instance(v, types.get(v.type), now));
    }
    ObjectNode data = LambdaReply.JSON.createObjectNode();
    data.set("terminated_instances", done);
    return LambdaReply.data(data);
  }

  synchronized LambdaReply sshKeys() {
    ArrayNode keys = LambdaReply.JSON.createArrayNode();
    int i = 0;
    for (String k : sshKeys) {
      keys.addObject()
          .put("id", "0920582c7ff041399e34823a0be6254" + i++)
          .put("name", k)
          .put("public_key", "ssh-ed25519 AAAA test");
    }
    return LambdaReply.data(keys);
  }

  private int left(String type, String region) {
    return capacity.getOrDefault(type + "@" + region, Integer.MAX_VALUE);
  }
}
